import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { authContract } from '../../../shared/api/auth';
import { fillPath } from '../../../shared/api/route';
import { appUrl } from '../../../shared/routes/app-paths';
import { existingOrNewGrant } from './existing-grant';
import type { Db } from '../../db/client';
import { databaseAdapter } from './adapter';
import type { DevAccount } from './dev-users';
import type { IdentityKeys } from './keys';
import { errorPage, logoutPage } from './pages';

export interface EmbeddedProviderOptions {
  issuer: string;
  clientId: string;
  /** the desktop app: a native public client redirecting to a loopback port (RFC 8252) */
  desktopClientId: string;
  audience: string;
  /** where the renderer is served; its callback and silent-check pages are the allowed redirects */
  publicUrl: string;
  accounts: DevAccount[];
  keys: IdentityKeys;
  trustProxy: boolean;
  db: Db;
}

export const embeddedScope = 'openid email profile offline_access';
const apiScope = 'api';

/**
 * The embedded OpenID Connect provider used when no external issuer is configured. Only the
 * Launchpad renderer and the desktop app are clients (public, PKCE S256 required); both are first-party, so consent is
 * granted without asking and sign-in is the only interaction.
 */
export function createEmbeddedProvider(o: EmbeddedProviderOptions): Provider {
  const byId = new Map(o.accounts.map((a) => [a.id, a]));
  const claimsOf = (a: DevAccount) => ({ sub: a.id, email: a.email, email_verified: true, roles: a.admin ? ['admin'] : [] });

  const configuration: Configuration = {
    adapter: databaseAdapter(o.db),
    clients: [
      {
        client_id: o.clientId,
        client_name: 'Launchpad',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [appUrl(o.publicUrl, 'auth-callback'), `${o.publicUrl}/silent-check-sso.html`],
        post_logout_redirect_uris: [appUrl(o.publicUrl, 'landing')],
      },
      {
        client_id: o.desktopClientId,
        client_name: 'Launchpad desktop',
        token_endpoint_auth_method: 'none',
        // native: a loopback redirect on any port matches this registration (RFC 8252 section 7.3)
        application_type: 'native',
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: ['http://127.0.0.1/callback'],
      },
    ],
    async findAccount(_ctx, id) {
      const account = byId.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => claimsOf(account) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['roles'] },
    // `api` is the API's resource scope, not an OpenID scope: listing it here would ask for consent forever.
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    pkce: { required: () => true },
    jwks: { keys: o.keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: o.keys.cookies },
    ttl: {
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => fillPath(authContract.idpInteraction.path, { uid: interaction.uid }) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Only the app's own sign-out carries the user's ID token (oidc-provider checks it): anything else asks first.
        logoutSource: (ctx, form) => void (ctx.body = logoutPage(form, { confirmed: typeof ctx.oidc.params?.id_token_hint === 'string' })),
      },
      // Access tokens are JWTs for the Launchpad API so the server verifies them with the JWKS alone.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => o.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: apiScope,
          audience: o.audience,
          accessTokenTTL: 600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = await existingOrNewGrant(ctx);
      if (!grant) return undefined;
      grant.addOIDCScope(embeddedScope);
      grant.addOIDCClaims(['email', 'email_verified', 'roles']);
      grant.addResourceScope(o.audience, apiScope);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Only the renderer's own origin may call the token endpoint from a browser.
    clientBasedCORS: (_ctx, origin) => origin === new URL(o.publicUrl).origin,
    async extraTokenClaims(_ctx, token) {
      const account = 'accountId' in token && typeof token.accountId === 'string' ? byId.get(token.accountId) : undefined;
      // `sid`: the provider session's id, the same across refreshes, lets a sign-out end the terminals this session opened.
      const session = 'sessionUid' in token && typeof token.sessionUid === 'string' ? token.sessionUid : undefined;
      const sid = session ? { sid: session } : {};
      return account ? { email: account.email, email_verified: true, roles: claimsOf(account).roles, ...sid } : undefined;
    },
    renderError: (ctx, out) => void ((ctx.type = 'html'), (ctx.body = errorPage(out))),
  };
  const provider = new Provider(o.issuer, configuration);
  provider.proxy = o.trustProxy;
  return provider;
}
