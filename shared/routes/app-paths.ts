/**
 * The path of every screen, by route name: the renderer's route table (`renderer/routes/table.ts`)
 * takes its paths from here, and the server links to screens (notices, e-mails, checkout return
 * addresses) through `appPath`, so a path is spelled once.
 */
export const routePaths = {
  home: '/home',
  agents: '/agents',
  deployments: '/deployments',
  'private-deployments': '/private-deployments',
  licenses: '/licenses',
  balance: '/balance',
  account: '/account',
  teams: '/teams',
  invitation: '/invitations',
  'admin-deployments': '/dashboard',
  'admin-pings': '/admin/pings',
  'admin-installation': '/admin/installations',
  'admin-licenses': '/admin/licenses',
  'admin-balances': '/admin/balances',
  'admin-documents': '/admin/documents',
  'admin-mail': '/admin/mail',
  'admin-audit': '/admin/audit',
  'admin-alerts': '/admin/alerts',
  'admin-customers': '/admin/customers',
  'test-dashboard': '/test-dashboard',
  admin: '/admin',
  'auth-callback': '/auth/callback',
  landing: '/',
  pricing: '/pricing',
  deployment: '/deployment',
  docs: '/docs',
  resources: '/resources',
  comparison: '/comparison',
  'service-providers': '/service-providers',
  code: '/code',
  'agents-gallery': '/agents-gallery',
  'privacy-policy': '/privacy-policy',
  'terms-of-service': '/terms-of-service',
  'cookie-policy': '/cookie-policy',
} as const;

export type RoutePathName = keyof typeof routePaths;

/** The in-app path of a screen, e.g. `appPath('balance')` is `/balance`. */
export function appPath<N extends RoutePathName>(name: N): (typeof routePaths)[N] {
  return routePaths[name];
}

/** The absolute address of a screen at `publicUrl`, for e-mails and payment pages' return links. */
export function appUrl(publicUrl: string, name: RoutePathName): string {
  return `${publicUrl.replace(/\/+$/, '')}${routePaths[name]}`;
}

/** The absolute address of an invitation link, for its e-mail: `/invitations/<token>` (the token is the secret the e-mail carries). */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${routePaths.invitation}/${token}`;
}

/** One team's page, e.g. for a notice about it: `/teams/id/<team id>`. */
export function teamPath(teamId: string): string {
  return `${routePaths.teams}/id/${teamId}`;
}

/** One installation's page for the administrator, e.g. for an alert about it: `/admin/installations/id/<key>`. */
export function installationPath(key: string): string {
  return `${routePaths['admin-installation']}/id/${encodeURIComponent(key)}`;
}

/** A billing document in its list (Balance or Licenses), e.g. from its payment notice: `/balance?document=<id>`. */
export function documentPath(page: 'balance' | 'licenses', documentId: string): string {
  return `${routePaths[page]}?document=${encodeURIComponent(documentId)}`;
}

/**
 * One hosted deployment, e.g. from a notice about it: `/deployments/id/<id>`. The page shows its row
 * while it exists and says that it was deleted (when, by whom) once it is gone.
 */
export function deploymentPath(deploymentId: string): string {
  return `${routePaths.deployments}/id/${encodeURIComponent(deploymentId)}`;
}

/**
 * One licence, e.g. from a notice about it: `/licenses/id/<id>`. The page shows its row while it
 * is listed and says when it was deleted or revoked (by whom, why, what replaced it).
 */
export function licensePath(licenseId: string): string {
  return `${routePaths.licenses}/id/${encodeURIComponent(licenseId)}`;
}

/** One API key of the account, e.g. from the notice of its creation: `/account/api-key/<id>`; once revoked the page says when, by whom or why. */
export function apiKeyPath(keyId: string): string {
  return `${routePaths.account}/api-key/${encodeURIComponent(keyId)}`;
}
