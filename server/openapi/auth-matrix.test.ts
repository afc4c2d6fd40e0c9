/**
 * The authorisation matrix: every route of the contract × {visitor, user A, user B who owns the
 * resources, admin, expired token, token from another issuer, revoked API key} → the status the
 * route must answer. Resources (a deployment, a license, a private deployment, a test run with an
 * artifact, an API key, a checkout session) belong to B; A and the admin are strangers to them.
 */
import { terminalOutcome } from '../../test/support/terminal-outcome';
import { generateKeyPair, SignJWT, decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBrand } from '../../shared/brand';
import { loadIdentityKeys } from '../auth/idp/keys';
import { until } from '../../test/support/clock';
import { fakeStripeEnv, postWebhook, signPayload, startFakeStripe, type FakeStripe } from '../../test/support/fake-stripe';
import { api } from '../../test/support/api-client';
import { invoicingEnv } from '../../test/support/invoicing';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { terminalUrl } from '../../test/support/terminal-client';
import { sampleArtifactsZip } from '../../test/support/sample-artifacts';
import { type ApiRoute, successOf } from '../../shared/api/route';
import { apiRoutesByName } from '../../shared/api/routes';
import { notificationKinds } from '../../shared/api/notifications';
import { adminAlertKinds } from '../../shared/api/admin-alerts';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';

const roles = ['visitor', 'userA', 'ownerB', 'admin', 'expired', 'otherIssuer', 'revokedKey'] as const;
type Role = (typeof roles)[number];
const badCredentials: Role[] = ['expired', 'otherIssuer', 'revokedKey'];
const ciSecret = 'matrix-ci-secret-0123';
const contract = apiRoutesByName(defaultBrand);

interface Owned {
  deployment: string;
  license: string;
  connected: string;
  testRun: string;
  artifact: string;
  apiKey: string;
  checkout: string;
  /** an enterprise licence of B's ending within 30 days: Renew is open */
  renewable: string;
  /** B's team (B is its owner), B's own id, and a pending invitation to it with its link's secret */
  team: string;
  teamOwner: string;
  invitation: string;
  invitationToken: string;
  /** B's licence invoice */
  document: string;
}

let server: TestServer;
let stripeServer: TestServer;
let stripe: FakeStripe;
const bearer = {} as Record<Role, string | undefined>;
let owned: Owned;
let checked = 0;

async function post(path: string, token: string, body: unknown) {
  const res = await api(server, path, { method: 'POST', token, body });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

async function createDeployment(token: string, name: string): Promise<string> {
  const id = String((await post('/api/deployments', token, { configId: 'trial_vm_hetzner', name, timeoutMins: null })).id);
  await until(`${name} running`, async () => ((await api(server, `/api/deployments/${id}`, { token })).body as { status: string }).status === 'running');
  return id;
}

/** Re-signs a real access token's claims: with the provider's own key but long expired, or with a stranger's key and issuer. */
async function forgedTokens(realToken: string): Promise<{ expired: string; otherIssuer: string }> {
  const claims = decodeJwt(realToken);
  const keys = await loadIdentityKeys({ configured: undefined, db: server.deps.db, dataDir: server.config.dataDir });
  const jwk = keys.signing[0];
  if (!jwk) throw new Error('no signing key');
  const ours = await importJWK(jwk, 'ES256');
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = await new SignJWT({ ...claims, iat: past - 600, exp: past }).setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'at+jwt' }).sign(ours);
  const stranger = await generateKeyPair('ES256');
  const now = Math.floor(Date.now() / 1000);
  const otherIssuer = await new SignJWT({ ...claims, iss: 'https://issuer.other.example/oidc', iat: now, exp: now + 600 })
    .setProtectedHeader({ alg: 'ES256', kid: 'stranger', typ: 'at+jwt' })
    .sign(stranger.privateKey);
  return { expired, otherIssuer };
}

beforeAll(async () => {
  server = await startTestServer({ CI_SECRET: ciSecret, ...invoicingEnv });
  const [a, b, admin] = await Promise.all([signIn(server, 'user@example.test', 'userpass'), signIn(server, 'other@example.test', 'otherpass'), signIn(server, 'admin@example.test', 'adminpass')]);
  bearer.userA = a.accessToken;
  bearer.ownerB = b.accessToken;
  bearer.admin = admin.accessToken;
  Object.assign(bearer, await forgedTokens(a.accessToken));
  const key = await post('/api/auth/api-keys', b.accessToken, { name: 'to revoke' });
  expect((await api(server, `/api/auth/api-keys/${String(key.id)}`, { method: 'DELETE', token: b.accessToken })).status).toBe(204);
  bearer.revokedKey = String(key.key);

  const B = b.accessToken;
  const form = new FormData();
  for (const [k, v] of Object.entries({ branch: 'matrix', commit: 'abc123', build_number: '7', test_type: 'smoke', status: 'passed', duration: '3', exit_code: '0' })) form.set(k, v);
  form.set('artifacts', new Blob([new Uint8Array(sampleArtifactsZip({ screenshots: 1, logLines: 5 }))], { type: 'application/zip' }), 'a.zip');
  const run = (await (await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'X-CI-Secret': ciSecret }, body: form })).json()) as { id: string; artifacts: { id: string }[] };
  const checkoutUrl = String((await post('/api/balance/checkout', B, { amount_cents: 1000 })).url);
  const team = String((await post('/api/teams', B, { name: 'B Team' })).id);
  const invitation = String((await post(`/api/teams/${team}/invitations`, B, { email: 'invitee@example.test', role: 'member' })).id);
  const [mail] = await server.deps.db.select({ body: mailOutbox.body }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'invitee@example.test'));
  const teamOwner = String(((await api(server, '/api/auth/me', { token: B })).body as { id: string }).id);
  owned = {
    deployment: await createDeployment(B, 'b-owned'),
    license: String((await post('/api/licenses', B, { type: 'enterprise', organization_name: 'B Corp', users_limit: 10 })).id),
    connected: String((await post('/api/connected-deployments', B, { name: 'b-private', url: 'https://b.example' })).id),
    testRun: run.id,
    artifact: run.artifacts[0]?.id ?? '',
    apiKey: String((await post('/api/auth/api-keys', B, { name: 'b key' })).id),
    checkout: /\/checkout\/([0-9a-f-]{36})/.exec(checkoutUrl)?.[1] ?? '',
    renewable: String(
      (await post('/api/admin/licenses/create', admin.accessToken, { email: 'other@example.test', organization_name: 'B Renew', users_limit: 10, perpetual: false, duration_weeks: 2 })).id,
    ),
    team,
    teamOwner,
    invitation,
    invitationToken: /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '',
    document: '',
  };
  // B's enterprise licence, to be paid by bank transfer, was invoiced when it was made.
  owned.document = String(((await api(server, '/api/documents', { token: B })).body as { documents: { id: string }[] }).documents[0]?.id);

  stripe = await startFakeStripe();
  stripeServer = await startTestServer(fakeStripeEnv(stripe));
}, 120_000);

afterAll(async () => {
  console.log(`routes × roles checked: ${checked}`);
  await server?.cleanup();
  await stripeServer?.cleanup();
  await stripe?.close();
}, 60_000);

/** A request that must succeed for those allowed, filled with B's resources. */
interface Case {
  path: string;
  body?: unknown;
  /** destructive: the allowed role gets a fresh resource of its own kind instead */
  fresh?: (token: string) => Promise<string>;
  /** what success is for this route (default: the contract's status) */
  ok?: number;
  /** the owner-only check does not apply: any signed-in user may read it (test runs are shared) */
  shared?: boolean;
  /** B's resource is named in the body rather than the path */
  ownedInBody?: boolean;
  /** ends the caller's sign-in session: the allowed role calls it from a session of its own */
  endsSession?: boolean;
}

/** Who each signed-in role is, for a session of its own. */
const people: Record<string, [string, string]> = { userA: ['user@example.test', 'userpass'], ownerB: ['other@example.test', 'otherpass'], admin: ['admin@example.test', 'adminpass'] };

const d = () => owned.deployment;
const freshIssuedLicence = (action: string) => async (token: string) =>
  `/api/admin/licenses/${String((await post('/api/licenses', token, { type: 'community', organization_name: 'Fresh' })).id)}/${action}`;
const cases: Record<string, () => Case> = {
  healthz: () => ({ path: '/healthz' }),
  readyz: () => ({ path: '/readyz' }),
  'idp.logout-script': () => ({ path: '/idp/logout.js' }),
  // Without the provider's interaction cookie there is no sign-in to answer: 400 for everyone.
  'idp.interaction': () => ({ path: '/oidc/interaction/abc', ok: 400 }),
  'idp.login': () => ({ path: '/oidc/interaction/abc/login', ok: 400 }),
  // The local checkout answers only the browser that opened B's grant (its cookie), not a bearer: 403 for everyone here.
  'checkout.local.page': () => ({ path: `/checkout/${owned.checkout}`, ok: 403 }),
  'checkout.local.pay': () => ({ path: `/checkout/${owned.checkout}/pay`, ok: 403 }),
  'checkout.local.cancel': () => ({ path: `/checkout/${owned.checkout}/cancel`, ok: 403 }),
  'openapi.document': () => ({ path: '/api/openapi.json' }),
  'openapi.docs': () => ({ path: '/api/docs' }),
  'openapi.redoc': () => ({ path: '/api/docs/redoc.standalone.js' }),
  'public-config': () => ({ path: '/api/config' }),
  'check-admin': () => ({ path: '/api/auth/check-admin' }),
  me: () => ({ path: '/api/auth/me' }),
  'auth.sign-out': () => ({ path: '/api/auth/sign-out', ok: 204, endsSession: true }),
  'api-keys.list': () => ({ path: '/api/auth/api-keys' }),
  'api-keys.create': () => ({ path: '/api/auth/api-keys', body: { name: 'matrix' } }),
  // B's key is active: its owner gets 404 as strangers do (what is kept of a revoked one: ended-pages.integration.test.ts)
  'api-keys.ended': () => ({ path: `/api/auth/api-keys/${owned.apiKey}/ended`, ok: 404 }),
  'api-keys.revoke': () => ({ path: `/api/auth/api-keys/${owned.apiKey}`, fresh: async (t) => `/api/auth/api-keys/${String((await post('/api/auth/api-keys', t, { name: 'fresh' })).id)}` }),
  'releases.list': () => ({ path: '/api/releases' }),
  'user-meta.get': () => ({ path: '/api/user/meta' }),
  'user-meta.update': () => ({ path: '/api/user/meta', body: { huggingface_token: 'hf_matrix' } }),
  'deployments.types': () => ({ path: '/api/deployments/types' }),
  'deployments.list': () => ({ path: '/api/deployments' }),
  // A valid create would start a machine per role: an invalid body shows the gate (401) before validation (400).
  'deployments.create': () => ({ path: '/api/deployments', body: { configId: '' }, ok: 400 }),
  'deployments.get': () => ({ path: `/api/deployments/${d()}` }),
  // B's deployment lives: its owner gets 404 as strangers do (what is kept of a deleted one: action-notices.integration.test.ts)
  'deployments.ended': () => ({ path: `/api/deployments/${d()}/ended`, ok: 404 }),
  'deployments.update-timeout': () => ({ path: `/api/deployments/${d()}`, body: { timeoutMins: 60 } }),
  'deployments.delete': () => ({ path: `/api/deployments/${d()}`, fresh: async (t) => `/api/deployments/${await createDeployment(t, 'fresh-delete')}` }),
  'deployments.update-version': () => ({ path: `/api/deployments/${d()}/update-version`, body: { version: '2.12.2' } }),
  'deployments.setup-steps': () => ({ path: `/api/deployments/${d()}/setup-steps` }),
  // A trial VM has no such step: the owner gets 404 for the step, strangers 404 for the deployment.
  'deployments.setup-steps.rerun': () => ({ path: `/api/deployments/${d()}/setup-steps/no-such-step/rerun`, ok: 404 }),
  'deployments.logs': () => ({ path: `/api/deployments/${d()}/logs` }),
  'deployments.provisioning-log': () => ({ path: `/api/deployments/${d()}/provisioning-log` }),
  'admin.deployments.list': () => ({ path: '/api/admin/deployments' }),
  'admin.deployments.delete': () => ({ path: `/api/admin/deployments/${d()}`, fresh: async () => `/api/admin/deployments/${await createDeployment(bearer.ownerB ?? '', 'fresh-admin-delete')}` }),
  'balance.get': () => ({ path: '/api/balance' }),
  'balance.transactions': () => ({ path: '/api/balance/transactions' }),
  'balance.daily-spend': () => ({ path: '/api/balance/daily-spend' }),
  'balance.transactions.export': () => ({ path: '/api/balance/transactions/export' }),
  'balance.spend-breakdown': () => ({ path: '/api/balance/spend-breakdown' }),
  'balance.spend-breakdown.export': () => ({ path: '/api/balance/spend-breakdown/export' }),
  'balance.spend-limit.get': () => ({ path: '/api/balance/spend-limit' }),
  'balance.spend-limit.save': () => ({ path: '/api/balance/spend-limit', body: { monthly_limit_cents: null } }),
  'admin.balances.list': () => ({ path: '/api/admin/balances?search=a%25&sort=balance&dir=desc' }),
  'admin.balances.export': () => ({ path: '/api/admin/balances/export?excel=1' }),
  'admin.deployments.export': () => ({ path: '/api/admin/deployments/export' }),
  'admin.licenses.export': () => ({ path: '/api/admin/licenses/export' }),
  'admin.audit.list': () => ({ path: '/api/admin/audit?action=admin.balance.topup' }),
  'admin.audit.export': () => ({ path: '/api/admin/audit/export?from=2020-01-01' }),
  'audit.mine': () => ({ path: '/api/audit/mine' }),
  'balance.checkout': () => ({ path: '/api/balance/checkout', body: { amount_cents: 500 } }),
  // B moves a cent of its free credit into its team; the team is B's: strangers get 404.
  'balance.move': () => ({ path: '/api/balance/moves', body: { to_account: owned.team, amount_cents: 1 }, ownedInBody: true }),
  'admin.balance.topup': () => ({ path: '/api/admin/balance/topup', body: { email: 'other@example.test', amount_cents: 100, reason: 'test' } }),
  'licenses.public-key': () => ({ path: '/api/licenses/public-key' }),
  'terms.license': () => ({ path: '/api/terms/license' }),
  'licenses.list': () => ({ path: '/api/licenses' }),
  'licenses.create': () => ({ path: '/api/licenses', body: { type: 'community', organization_name: 'Matrix' } }),
  'licenses.hide': () => ({
    path: `/api/licenses/${owned.license}`,
    fresh: async (t) => `/api/licenses/${String((await post('/api/licenses', t, { type: 'community', organization_name: 'Fresh' })).id)}`,
  }),
  // B's licence is listed and live: 404 for everyone (a deleted or revoked one: ended-pages.integration.test.ts)
  'licenses.ended': () => ({ path: `/api/licenses/${owned.license}/ended`, ok: 404 }),
  'licenses.checkout': () => ({ path: '/api/license/checkout', body: { license_id: owned.license, users_limit: 10 }, ownedInBody: true }),
  'licenses.renew': () => ({ path: `/api/licenses/${owned.renewable}/renew` }),
  // B's renewable licence is Enterprise Pro: its owner is sent to the paid Renew (409), strangers get 404
  'licenses.renew-free': () => ({ path: `/api/licenses/${owned.renewable}/renew-free`, ok: 409 }),
  'licenses.renew-by-transfer': () => ({ path: `/api/licenses/${owned.renewable}/renew-by-transfer` }),
  'admin.licenses.list': () => ({ path: '/api/admin/licenses' }),
  'admin.licenses.mark-paid': () => ({ path: `/api/admin/licenses/${owned.license}/mark-paid` }),
  'admin.licenses.create': () => ({ path: '/api/admin/licenses/create', body: { email: 'other@example.test', organization_name: 'Admin made', perpetual: true } }),
  // Revoke, change and re-send need an issued key: the admin acts on a fresh community licence of its own.
  'admin.licenses.revoke': () => ({ path: `/api/admin/licenses/${owned.license}/revoke`, body: { reason: 'matrix' }, fresh: freshIssuedLicence('revoke') }),
  'admin.licenses.change': () => ({ path: `/api/admin/licenses/${owned.license}/change`, body: { extend_weeks: 1 }, fresh: freshIssuedLicence('change') }),
  'admin.licenses.resend-key': () => ({ path: `/api/admin/licenses/${owned.license}/resend-key`, fresh: freshIssuedLicence('resend-key') }),
  'admin.licenses.revoked-hashes': () => ({ path: '/api/admin/licenses/revoked-hashes' }),
  'pings.ingest': () => ({ path: '/api/ping', body: { version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: 'unknown' } }),
  'admin.pings.list': () => ({ path: '/api/admin/pings' }),
  'admin.pings.stats': () => ({ path: '/api/admin/pings/stats' }),
  'admin.pings.export': () => ({ path: '/api/admin/pings/export?status=inactive' }),
  // No installation has this id: the admin gets past the gate to a 404.
  'admin.pings.detail': () => ({ path: '/api/admin/pings/no-such-installation', ok: 404 }),
  // Without X-CI-Secret: refused whoever calls (the secret, not a bearer, is the credential).
  'ci.test-results': () => ({ path: '/api/ci/test-results', body: {}, ok: 401 }),
  'test-runs.list': () => ({ path: '/api/test-runs', shared: true }),
  'test-runs.get': () => ({ path: `/api/test-runs/${owned.testRun}`, shared: true }),
  'test-runs.artifact': () => ({ path: `/api/test-runs/${owned.testRun}/artifacts/${owned.artifact}`, shared: true }),
  'agents.gallery': () => ({ path: '/api/agents' }),
  'agents.config': () => ({ path: '/api/agents/no-such-agent', ok: 404 }),
  'agents.model-substitutions': () => ({ path: '/api/model-substitutions' }),
  'connected-deployments.list': () => ({ path: '/api/connected-deployments' }),
  'connected-deployments.create': () => ({ path: '/api/connected-deployments', body: { name: `m-${Math.random().toString(36).slice(2, 8)}`, url: 'https://m.example' } }),
  'connected-deployments.sync': () => ({ path: '/api/connected-deployments/sync', body: { local_storage_deployments: [] } }),
  'connected-deployments.update': () => ({ path: `/api/connected-deployments/${owned.connected}`, body: { description: 'matrix' } }),
  'connected-deployments.delete': () => ({
    path: `/api/connected-deployments/${owned.connected}`,
    fresh: async (t) => `/api/connected-deployments/${String((await post('/api/connected-deployments', t, { name: `f-${Math.random().toString(36).slice(2, 8)}`, url: 'https://f.example' })).id)}`,
  }),
  'user-info.get': () => ({ path: '/api/user-info' }),
  'notifications.list': () => ({ path: '/api/notifications' }),
  // Nobody owns this id: 404 for the owner role too (ownership itself: server/notifications/notifications.integration.test.ts).
  'notifications.mark-read': () => ({ path: '/api/notifications/00000000-0000-4000-8000-000000000000/read', ok: 404 }),
  'notifications.mark-all-read': () => ({ path: '/api/notifications/read-all' }),
  'notifications.preferences.get': () => ({ path: '/api/notifications/preferences' }),
  'notifications.preferences.put': () => ({
    path: '/api/notifications/preferences',
    body: { low_balance_cents: 200, email: Object.fromEntries(notificationKinds.map((k) => [k, true])) },
  }),
  'admin.mail.list': () => ({ path: '/api/admin/mail' }),
  'admin.alert-preferences.get': () => ({ path: '/api/admin/alert-preferences' }),
  'admin.alert-preferences.put': () => ({
    path: '/api/admin/alert-preferences',
    body: { transfer_pending_days: 3, minor_versions_behind: 2, enabled: Object.fromEntries(adminAlertKinds.map((k) => [k, true])), email: Object.fromEntries(adminAlertKinds.map((k) => [k, true])) },
  }),
  'admin.alerts.list': () => ({ path: '/api/admin/alerts' }),
  // Nobody raised this alert: the admin gets past the gate to a 404.
  'admin.alerts.acknowledge': () => ({ path: '/api/admin/alerts/00000000-0000-4000-8000-000000000000/acknowledge', ok: 404 }),
  'admin.alerts.test': () => ({ path: '/api/admin/alerts/test', body: { kind: 'admin_payment_received' } }),
  'admin.balance.topup-limit': () => ({ path: '/api/admin/balance/topup-limit' }),
  'admin.customers.search': () => ({ path: '/api/admin/customers?search=example' }),
  // Nobody has this id: the admin gets past the gate to a 404.
  'admin.customers.get': () => ({ path: '/api/admin/customers/00000000-0000-4000-8000-000000000000', ok: 404 }),
  'admin.customers.transactions': () => ({ path: '/api/admin/customers/00000000-0000-4000-8000-000000000000/transactions', ok: 404 }),
  'admin.customers.topup': () => ({ path: '/api/admin/customers/00000000-0000-4000-8000-000000000000/topup', body: { amount_cents: 100, reason: 'matrix' }, ok: 404 }),
  'admin.customers.api-keys.revoke': () => ({ path: `/api/admin/customers/00000000-0000-4000-8000-000000000000/api-keys/${owned.apiKey}`, ok: 404 }),
  'billing-details.get': () => ({ path: '/api/billing-details' }),
  'billing-details.save': () => ({ path: '/api/billing-details', body: { legal_name: 'Matrix Ltd', address: '1 Matrix Road', country: 'GB' } }),
  'documents.list': () => ({ path: '/api/documents' }),
  'documents.pdf': () => ({ path: `/api/documents/${owned.document}/pdf` }),
  'admin.documents.list': () => ({ path: '/api/admin/documents?kind=invoice' }),
  'admin.documents.export': () => ({ path: '/api/admin/documents/export' }),
  'admin.documents.pdf': () => ({ path: `/api/admin/documents/${owned.document}/pdf` }),
  'teams.list': () => ({ path: '/api/teams' }),
  'teams.create': () => ({ path: '/api/teams', body: { name: 'Matrix team' } }),
  // A team is its members': strangers (the admin too) get 404.
  'teams.get': () => ({ path: `/api/teams/${owned.team}` }),
  'teams.rename': () => ({ path: `/api/teams/${owned.team}`, body: { name: 'B Team' } }),
  'teams.delete': () => ({ path: `/api/teams/${owned.team}`, fresh: async (t) => `/api/teams/${String((await post('/api/teams', t, { name: 'Fresh team' })).id)}` }),
  // B already owns it: past the gate to a 400.
  'teams.transfer': () => ({ path: `/api/teams/${owned.team}/transfer`, body: { user_id: owned.teamOwner }, ok: 400 }),
  'teams.invite': () => ({ path: `/api/teams/${owned.team}/invitations`, body: { email: 'matrix-invite@example.test', role: 'member' } }),
  'teams.invitations.revoke': () => ({
    path: `/api/teams/${owned.team}/invitations/${owned.invitation}`,
    fresh: async (t) => `/api/teams/${owned.team}/invitations/${String((await post(`/api/teams/${owned.team}/invitations`, t, { email: 'fresh-invite@example.test', role: 'billing' })).id)}`,
  }),
  // A new link replaces the old one: the owner resends a fresh invitation, so B's own link stays valid for the rows below.
  'teams.invitations.resend': () => ({
    path: `/api/teams/${owned.team}/invitations/${owned.invitation}/resend`,
    fresh: async (t) => `/api/teams/${owned.team}/invitations/${String((await post(`/api/teams/${owned.team}/invitations`, t, { email: 'resend-invite@example.test', role: 'member' })).id)}/resend`,
  }),
  // An invitation is seen and answered by its invited address only: 404 for everyone here (none of them is matrix-invite@).
  'invitations.mine': () => ({ path: '/api/me/invitations' }),
  'invitations.mine.accept': () => ({ path: `/api/me/invitations/${owned.invitation}/accept`, shared: true, ok: 404 }),
  'invitations.mine.decline': () => ({ path: `/api/me/invitations/${owned.invitation}/decline`, shared: true, ok: 404 }),
  // The owner's role changes only by a transfer, and the owner cannot leave: B gets past the gate to a 403 and a 409.
  'teams.members.role': () => ({ path: `/api/teams/${owned.team}/members/${owned.teamOwner}`, body: { role: 'member' }, ok: 403 }),
  'teams.members.remove': () => ({ path: `/api/teams/${owned.team}/members/${owned.teamOwner}`, ok: 409 }),
  // The link is the secret: anyone signed in who holds it sees what it invites to; only the invited address accepts (403 for everyone here).
  'invitations.get': () => ({ path: `/api/invitations/${owned.invitationToken}`, shared: true }),
  'invitations.accept': () => ({ path: `/api/invitations/${owned.invitationToken}/accept`, shared: true, ok: 403 }),
};

/** What each role must get, from the route's kind of authorisation and whose resource it is. */
function expected(route: ApiRoute, c: Case, role: Role): number {
  const ok = c.ok ?? successOf(route).status;
  const underApi = c.path.startsWith('/api/');
  // Any bearer that is not valid is refused on /api, even where none is needed: a client must learn its credentials are bad.
  if (badCredentials.includes(role) && underApi) return 401;
  if (route.auth === 'visitor' || route.auth === 'sign-in-session' || route.auth === 'ci-secret') return ok;
  if (role === 'visitor' || badCredentials.includes(role)) return 401;
  if (route.auth === 'admin') return role === 'admin' ? ok : 403;
  const ownsPath = (/\{/.test(route.path) || c.ownedInBody) && !c.shared;
  if (ownsPath && role !== 'ownerB') return 404;
  return ok;
}

const httpNames = Object.keys(contract).filter((n) => !contract[n]?.websocket && contract[n]?.gateway !== 'stripe');

describe('authorisation matrix', () => {
  it('has a case for every route of the contract', () => {
    expect(httpNames.filter((n) => !cases[n])).toEqual([]);
  });

  it.each(httpNames)(
    '%s',
    async (name) => {
      const route = contract[name] as ApiRoute;
      const make = cases[name];
      if (!make) throw new Error(`no case for ${name}`);
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const role of roles) {
        const c = make();
        const exp = expected(route, c, role);
        const allowed = exp === (c.ok ?? successOf(route).status) && exp < 400;
        const person = people[role];
        const token = role === 'visitor' ? undefined : allowed && c.endsSession && person ? (await signIn(server, ...person)).accessToken : bearer[role];
        const path = allowed && c.fresh && token ? await c.fresh(token) : c.path;
        const res = await api(server, path, { method: route.method, token, body: c.body ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined) });
        got[role] = res.status;
        want[role] = exp;
        checked++;
      }
      expect(got).toEqual(want);
    },
    60_000,
  );

  it('webhooks.stripe: a signature is required, whoever calls', async () => {
    const payload = JSON.stringify({ id: 'evt_matrix', type: 'customer.created', data: { object: {} } });
    expect((await postWebhook(stripeServer.url, payload, undefined)).status).toBe(400);
    expect((await postWebhook(stripeServer.url, payload, signPayload(payload, { secret: 'whsec_wrong' }))).status).toBe(400);
    expect((await postWebhook(stripeServer.url, payload, signPayload(payload))).status).toBe(200);
    const withBearer = await fetch(`${stripeServer.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer.admin}` },
      body: payload,
    });
    // The admin's token is from the other server's issuer: refused before the signature is even read.
    expect(withBearer.status).toBe(401);
    checked += 4;
  });

  it('ci.test-results: the secret is the credential; a bearer does not replace it', async () => {
    for (const token of [bearer.ownerB, bearer.admin]) {
      const res = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-ci-secret': 'wrong-secret-value' }, body: new FormData() });
      expect(res.status).toBe(401);
      checked++;
    }
  });

  it('deployments.terminal: only the owner gets a shell; others are closed with 4401 or 4404', async () => {
    const outcome = terminalOutcome;
    const want: Record<Role, number | 'open'> = { visitor: 4401, userA: 4404, ownerB: 'open', admin: 4404, expired: 4401, otherIssuer: 4401, revokedKey: 4401 };
    const got: Record<string, number | 'open'> = {};
    for (const role of roles) {
      const url = role === 'visitor' ? `${server.url.replace(/^http/, 'ws')}/api/deployments/${owned.deployment}/terminal` : terminalUrl(server.url, owned.deployment, bearer[role] ?? '');
      got[role] = await outcome(url);
      checked++;
    }
    expect(got).toEqual(want);
  }, 60_000);
});
