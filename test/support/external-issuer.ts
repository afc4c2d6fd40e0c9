/**
 * A second, independently configured OpenID Connect issuer for tests: an `oidc-provider` of its
 * own (not Launchpad's embedded one) on its own port, mounted at `/realms/<realm>` with
 * Keycloak's endpoint paths and RS256 keys. Two token shapes:
 *
 * - `keycloak`: access tokens as Keycloak issues them by default: header `typ: JWT`, claims
 *   `typ: Bearer`, `aud: account`, `azp` (no `client_id`), `realm_access.roles`, `email`,
 *   `preferred_username`; ID tokens carry `typ: ID`; refresh tokens with or without `offline_access`.
 * - `rfc9068`: RFC 9068 access tokens: header `typ: at+jwt`, `client_id` (no `azp`), `aud` = the
 *   API, `roles`, no email (the resource server asks userinfo); refresh tokens only for
 *   `offline_access`, as generic issuers do.
 *
 * Its userinfo endpoint answers for its own access tokens (as Keycloak's and Auth0's do) and counts
 * the calls; its logout page signs out without asking (Keycloak with an `id_token_hint`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import Koa from 'koa';
import mount from 'koa-mount';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import * as client from 'openid-client';
import { existingOrNewGrant } from '../../server/auth/idp/existing-grant';
import { beginAuthorization } from './sign-in';

export type IssuerShape = 'keycloak' | 'rfc9068';

export interface IssuerAccount {
  id: string;
  username: string;
  email: string;
  password: string;
  roles: string[];
  /** the `groups` claim of its access tokens (Keycloak's Group Membership mapper, full paths); read at each token, so a test may change it between sign-ins */
  groups?: string[];
}

export interface ExternalIssuerOptions {
  shape: IssuerShape;
  realm: string;
  clientId: string;
  /** rfc9068: the API's audience (OIDC_AUDIENCE at Launchpad) */
  audience?: string;
  accounts: IssuerAccount[];
  /** access token lifetime in seconds (Keycloak's default is 300) */
  accessTokenTtl?: number;
}

export interface ExternalIssuer {
  /** `http://127.0.0.1:<port>/realms/<realm>`, what OIDC_ISSUER is set to */
  issuer: string;
  /** registers Launchpad's address as the client's redirect and post-logout URIs; call once, before any sign-in */
  registerClient(appUrl: string): Promise<void>;
  /** userinfo requests, refresh-token grants and completed sign-outs seen */
  counts: { userinfo: number; refresh: number; logout: number };
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function loginPage(realm: string, action: string, error?: string, username = ''): string {
  return page(
    `Sign in to ${realm}`,
    `<h1>Sign in to ${escapeHtml(realm)}</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username or email</label><input id="username" name="username" value="${escapeHtml(username)}" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit" id="kc-login">Sign In</button>
</form>`,
  );
}

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startExternalIssuer(o: ExternalIssuerOptions): Promise<ExternalIssuer> {
  const base = `/realms/${o.realm}`;
  const server = http.createServer((_req, res) => res.writeHead(503).end('issuer not configured yet'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${base}`;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(6).toString('hex');
  const signing = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid } as JWK;
  const verifyKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig', kid }] });
  const byId = new Map(o.accounts.map((a) => [a.id, a]));
  const counts = { userinfo: 0, refresh: 0, logout: 0 };
  // The resource indicator for the API; in the Keycloak shape the token's `aud` is "account" whatever it is.
  const resource = o.audience ?? `${origin}/launchpad-api`;

  const cookieKeys = [randomBytes(32).toString('base64url')];
  /** PKCE challenges of authorization requests that asked for offline_access */
  const offlineRequested = new Set<string>();

  function configuration(appUrl: string): Configuration {
    const appOrigin = new URL(appUrl).origin;
    return {
      clients: [
        {
          client_id: o.clientId,
          token_endpoint_auth_method: 'none',
          application_type: 'web',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [`${appOrigin}/auth/callback`, `${appOrigin}/silent-check-sso.html`],
          post_logout_redirect_uris: [`${appOrigin}/`],
        },
      ],
      routes: {
        authorization: '/protocol/openid-connect/auth',
        token: '/protocol/openid-connect/token',
        userinfo: '/protocol/openid-connect/userinfo',
        jwks: '/protocol/openid-connect/certs',
        end_session: '/protocol/openid-connect/logout',
        revocation: '/protocol/openid-connect/revoke',
      },
      async findAccount(_ctx, id) {
        const a = byId.get(id);
        if (!a) return undefined;
        return {
          accountId: id,
          claims: () => ({ sub: id, email: a.email, email_verified: true, preferred_username: a.username, name: a.username, ...(o.shape === 'keycloak' ? { typ: 'ID', azp: o.clientId } : {}) }),
        };
      },
      // Keycloak's ID tokens say `typ: ID` and name the client in `azp`, exactly like its access tokens do
      claims: { openid: o.shape === 'keycloak' ? ['sub', 'typ', 'azp'] : ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      pkce: { required: () => true },
      jwks: { keys: [signing] as NonNullable<Configuration['jwks']>['keys'] },
      cookies: { keys: cookieKeys },
      ttl: { AccessToken: o.accessTokenTtl ?? 300, IdToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600 },
      interactions: { url: (_ctx, interaction) => `${base}/login-actions/${interaction.uid}` },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          // Keycloak signs out at once when given an id_token_hint: the form submits itself.
          logoutSource: (ctx, form) => {
            ctx.body = page(
              'Signing out',
              `${form}<script>var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
            );
          },
        },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => resource,
          useGrantedResource: () => true,
          getResourceServerInfo: () => ({
            scope: 'api',
            audience: o.shape === 'keycloak' ? 'account' : resource,
            accessTokenTTL: o.accessTokenTtl ?? 300,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
      formats: {
        customizers: {
          // oidc-provider writes RFC 9068 tokens; the Keycloak shape rewrites them the way Keycloak writes its own.
          jwt(_ctx, token, jwt) {
            const accountId = 'accountId' in token && typeof token.accountId === 'string' ? token.accountId : undefined;
            const account = accountId ? byId.get(accountId) : undefined;
            const payload = jwt.payload as Record<string, unknown>;
            if (o.shape === 'keycloak') {
              jwt.header = { typ: 'JWT' };
              payload.typ = 'Bearer';
              payload.azp = payload.client_id;
              delete payload.client_id;
              payload.scope = 'openid email profile';
              if (account) Object.assign(payload, { realm_access: { roles: account.roles }, email: account.email, email_verified: true, preferred_username: account.username });
            } else if (account) {
              payload.roles = account.roles;
            }
            if (account?.groups) payload.groups = account.groups;
          },
        },
      },
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const grant = await existingOrNewGrant(ctx);
        if (!grant) return undefined;
        const requested = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope : 'openid';
        grant.addOIDCScope(requested);
        grant.addOIDCClaims(['email', 'email_verified', 'preferred_username', 'name', 'typ', 'azp']);
        grant.addResourceScope(resource, 'api');
        await grant.save();
        return grant;
      },
      // Keycloak hands out a refresh token with every sign-in; generic issuers only for offline_access.
      // (oidc-provider itself drops offline_access unless prompt=consent; generic issuers do not, so the raw request decides)
      issueRefreshToken: (_ctx, client, code) =>
        client.grantTypeAllowed('refresh_token') && (o.shape === 'keycloak' || ('codeChallenge' in code && typeof code.codeChallenge === 'string' && offlineRequested.has(code.codeChallenge))),
      clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === appOrigin,
    };
  }

  async function registerClient(appUrl: string): Promise<void> {
    const provider = new Provider(issuer, configuration(appUrl));
    provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
      if (ctx.oidc.params?.grant_type === 'refresh_token') counts.refresh++;
    });
    provider.on('end_session.success', () => {
      counts.logout++;
    });
    const app = new Koa();
    // mounted, the provider signs its cookies with this app's keys
    app.keys = cookieKeys;
    app.use(async (ctx, next) => {
      const path = ctx.path;
      // the sign-in form
      const login = new RegExp(`^${base}/login-actions/([^/]+)$`).exec(path);
      if (login) {
        const details = await provider.interactionDetails(ctx.req, ctx.res);
        if (ctx.method === 'GET') {
          ctx.type = 'html';
          ctx.body = loginPage(o.realm, path);
          return;
        }
        const form = await formBody(ctx.req);
        const name = (form.get('username') ?? '').trim().toLowerCase();
        const account = o.accounts.find((a) => a.username === name || a.email === name);
        if (!account || account.password !== form.get('password') || details.prompt.name !== 'login') {
          ctx.status = 401;
          ctx.type = 'html';
          ctx.body = loginPage(o.realm, path, 'Invalid username or password.', name);
          return;
        }
        const redirectTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
        ctx.redirect(redirectTo);
        return;
      }
      if (path === `${base}/protocol/openid-connect/auth`) {
        const scope = typeof ctx.query.scope === 'string' ? ctx.query.scope.split(' ') : [];
        if (scope.includes('offline_access') && typeof ctx.query.code_challenge === 'string') offlineRequested.add(ctx.query.code_challenge);
      }
      // userinfo: answers for this issuer's own access tokens, whatever their audience
      if (path === `${base}/protocol/openid-connect/userinfo`) {
        counts.userinfo++;
        const token = /^Bearer (\S+)$/i.exec(ctx.get('authorization'))?.[1];
        try {
          if (!token) throw new Error('no token');
          const { payload, protectedHeader } = await jwtVerify(token, verifyKeys, { issuer });
          if (protectedHeader.typ !== 'at+jwt' && payload.typ !== 'Bearer') throw new Error('not an access token');
          const account = byId.get(payload.sub ?? '');
          if (!account) throw new Error('unknown subject');
          ctx.body = { sub: account.id, email: account.email, email_verified: true, preferred_username: account.username };
        } catch {
          ctx.status = 401;
          ctx.set('www-authenticate', 'Bearer error="invalid_token"');
          ctx.body = { error: 'invalid_token' };
        }
        return;
      }
      await next();
    });
    app.use(mount(base, provider));
    const handler = app.callback();
    server.removeAllListeners('request');
    server.on('request', (req, res) => void handler(req, res));
  }

  return {
    issuer,
    registerClient,
    counts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface IssuerSignIn {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string;
  /** the ID token's claims */
  claims: client.IDToken;
  scope: string;
  config: client.Configuration;
}

/**
 * The browser's code + PKCE sign-in at this issuer, as Launchpad's renderer runs it: the scope and
 * client come from Launchpad's /api/config; cookies are kept per sign-in.
 */
export async function signInAtIssuer(app: { url: string }, username: string, password: string): Promise<IssuerSignIn> {
  const { auth, firstUrl } = await beginAuthorization(app);
  const { config, redirectUri } = auth;
  let url = firstUrl.href;
  const cookies = new Map<string, string>();
  const go = async (target: string, init: RequestInit = {}) => {
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  let posted = false;
  for (let hops = 0; hops < 20 && !url.startsWith(redirectUri); hops++) {
    const res = await go(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    if (posted || res.status !== 200) throw new Error(`sign-in stopped at ${url} with ${res.status}`);
    await res.text();
    const answer = await go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }).toString() });
    const next = answer.headers.get('location');
    if (!next) throw new Error(`sign-in as ${username} refused with ${answer.status}`);
    posted = true;
    url = new URL(next, url).href;
  }
  const tokens = await client.authorizationCodeGrant(config, new URL(url), { pkceCodeVerifier: auth.codeVerifier, expectedState: auth.state });
  const claims = tokens.claims();
  if (!tokens.id_token || !claims) throw new Error('the issuer sent no ID token');
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, idToken: tokens.id_token, claims, scope: tokens.scope ?? '', config };
}
