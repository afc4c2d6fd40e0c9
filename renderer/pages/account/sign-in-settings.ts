/**
 * Where "Manage password and sign-in settings" goes: the identity provider's account console
 * (Keycloak's, or OIDC_ACCOUNT_URL). The embedded provider has none — its account URL is this app's
 * own Account page — so a link that would lead to the page the user is on is not shown.
 */
export function signInSettingsUrl(accountUrl: string | undefined, here: { href: string }): string | undefined {
  if (!accountUrl) return undefined;
  let target: URL;
  try {
    target = new URL(accountUrl, here.href);
  } catch {
    return undefined;
  }
  const current = new URL(here.href);
  const samePage = target.origin === current.origin && target.pathname.replace(/\/+$/, '') === current.pathname.replace(/\/+$/, '');
  return samePage ? undefined : target.href;
}
