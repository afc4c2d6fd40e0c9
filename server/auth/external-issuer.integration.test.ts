import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAdminResponse, meResponse, publicConfig } from '../../shared/api/auth';
import { apiErrorBody } from '../../shared/api/errors';
import { users } from '../db/schema';
import { noEmailReason } from './authenticate';
import { signInAtIssuer, startExternalIssuer, type ExternalIssuer, type IssuerAccount, type IssuerShape } from '../../test/support/external-issuer';
import { api } from '../../test/support/api-client';
import { startTestServer, type TestServer } from '../../test/support/server';

/**
 * Launchpad against a second, independently configured issuer (not the embedded one), in the two
 * shapes external issuers give access tokens: Keycloak's (`aud: account`, `azp`, realm roles) and
 * RFC 9068's (`typ: at+jwt`, `client_id`, no `azp`, no email).
 */
const accounts: IssuerAccount[] = [
  { id: 'f3b0c442-0001', username: 'ada', email: 'ada@realm.test', password: 'ada-pass', roles: ['offline_access', 'launchpad-admin'] },
  { id: 'f3b0c442-0002', username: 'grace', email: 'grace@realm.test', password: 'grace-pass', roles: ['offline_access'] },
  // an account the issuer releases no e-mail address for (neither in its tokens nor from userinfo)
  { id: 'f3b0c442-0003', username: 'nomail', email: '', password: 'nomail-pass', roles: ['offline_access'] },
];
const errorOf = (res: { body: unknown }) => apiErrorBody.parse(res.body).error;

interface Setup {
  shape: IssuerShape;
  /** OIDC_AUDIENCE at Launchpad; unset = the authorised party (`azp`, or `client_id`) decides */
  audience: 'api' | undefined;
  scope?: string;
}

async function start(s: Setup): Promise<{ issuer: ExternalIssuer; server: TestServer; apiAudience: string }> {
  const apiAudience = 'https://launchpad.realm.test/api';
  const issuer = await startExternalIssuer({ shape: s.shape, realm: 'helix', clientId: 'launchpad-web', audience: apiAudience, accounts });
  const server = await startTestServer({
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'launchpad-web',
    ADMIN_ROLE: 'launchpad-admin',
    ...(s.audience ? { OIDC_AUDIENCE: apiAudience } : {}),
    ...(s.scope ? { OIDC_SCOPE: s.scope } : {}),
  });
  await issuer.registerClient(server.url);
  return { issuer, server, apiAudience };
}

describe.each<Setup>([
  { shape: 'keycloak', audience: undefined },
  { shape: 'rfc9068', audience: 'api' },
  { shape: 'rfc9068', audience: undefined },
])('an external issuer in the $shape shape (OIDC_AUDIENCE: $audience)', (setup) => {
  let issuer: ExternalIssuer;
  let server: TestServer;

  beforeAll(async () => {
    ({ issuer, server } = await start(setup));
  });
  afterAll(async () => {
    await server?.cleanup();
    await issuer?.close();
  });

  it('asks for offline_access by default and gets a refresh token', async () => {
    const cfg = publicConfig.parse((await api(server, '/api/config')).body);
    expect(cfg.oidc).toMatchObject({ issuer: issuer.issuer, clientId: 'launchpad-web', scope: 'openid email profile offline_access' });
    const signed = await signInAtIssuer(server, 'grace', 'grace-pass');
    expect(signed.refreshToken).toBeDefined();
  });

  it('accepts the access token: the API knows the email (from the token or userinfo), and the role claim makes an admin', async () => {
    const grace = await signInAtIssuer(server, 'grace', 'grace-pass');
    const ada = await signInAtIssuer(server, 'ADA@realm.test', 'ada-pass');
    const header = decodeProtectedHeader(grace.accessToken);
    const payload = decodeJwt(grace.accessToken);
    if (setup.shape === 'keycloak') {
      expect(header.typ).toBe('JWT');
      expect(payload).toMatchObject({ typ: 'Bearer', aud: 'account', azp: 'launchpad-web', email: 'grace@realm.test' });
      expect(payload.client_id).toBeUndefined();
    } else {
      expect(header.typ).toBe('at+jwt');
      expect(payload).toMatchObject({ client_id: 'launchpad-web', aud: 'https://launchpad.realm.test/api' });
      expect(payload.azp).toBeUndefined();
      expect(payload.email).toBeUndefined();
    }

    const userinfoBefore = issuer.counts.userinfo;
    const me = await api(server, '/api/auth/me', { token: grace.accessToken });
    expect(me.status).toBe(200);
    expect(meResponse.parse(me.body)).toMatchObject({ email: 'grace@realm.test', isAdmin: false });
    expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: ada.accessToken })).body).isAdmin).toBe(true);
    expect((await api(server, '/api/balance', { token: grace.accessToken })).status).toBe(200);
    // userinfo only when the token has no email, and then once per user (grace, ada), not per request or token
    const again = await signInAtIssuer(server, 'grace', 'grace-pass');
    expect((await api(server, '/api/auth/me', { token: again.accessToken })).status).toBe(200);
    expect(issuer.counts.userinfo - userinfoBefore).toBe(setup.shape === 'keycloak' ? 0 : 2);

    const rows = await server.deps.db.select().from(users).where(eq(users.subject, 'f3b0c442-0001'));
    expect(rows.map((r) => r.email)).toEqual(['ada@realm.test']);
  });

  it('refuses a sign-in whose issuer gives no e-mail address anywhere, with the reason, and makes no account', async () => {
    const nomail = await signInAtIssuer(server, 'nomail', 'nomail-pass');
    expect(decodeJwt(nomail.accessToken).email ?? '').toBe('');
    for (const path of ['/api/auth/me', '/api/balance']) {
      const res = await api(server, path, { token: nomail.accessToken });
      expect(res.status).toBe(403);
      expect(errorOf(res)).toBe(noEmailReason);
    }
    expect(await server.deps.db.select().from(users).where(eq(users.subject, 'f3b0c442-0003'))).toEqual([]);
  });

  it('refuses the ID token as an API bearer token', async () => {
    const grace = await signInAtIssuer(server, 'grace', 'grace-pass');
    if (setup.shape === 'keycloak') expect(decodeJwt(grace.idToken)).toMatchObject({ typ: 'ID', azp: 'launchpad-web', aud: 'launchpad-web' });
    const res = await api(server, '/api/auth/me', { token: grace.idToken });
    expect(res.status).toBe(401);
    expect(errorOf(res)).toBe('Token is not an access token');
  });

  it('keeps working after a refresh', async () => {
    const grace = await signInAtIssuer(server, 'grace', 'grace-pass');
    const fresh = await client.refreshTokenGrant(grace.config, grace.refreshToken ?? '');
    expect(fresh.access_token).not.toBe(grace.accessToken);
    expect(meResponse.parse((await api(server, '/api/auth/me', { token: fresh.access_token })).body).email).toBe('grace@realm.test');
  });
});

// each test starts an issuer and one or two servers of its own: 30 s ran out in a suite on a busy 2-core machine
describe('scope and client rules at an external issuer', { timeout: 90_000 }, () => {
  it('without offline_access (OIDC_SCOPE="openid email profile") a generic issuer gives no refresh token', async () => {
    const { issuer, server } = await start({ shape: 'rfc9068', audience: 'api', scope: 'openid email profile' });
    try {
      const signed = await signInAtIssuer(server, 'grace', 'grace-pass');
      expect(signed.refreshToken).toBeUndefined();
    } finally {
      await server.cleanup();
      await issuer.close();
    }
  });

  it('refuses tokens issued to another client (no audience configured)', async () => {
    const { issuer, server } = await start({ shape: 'keycloak', audience: undefined });
    try {
      const other = await startTestServer({ OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'some-other-client' });
      try {
        const grace = await signInAtIssuer(server, 'grace', 'grace-pass');
        const res = await api(other, '/api/auth/me', { token: grace.accessToken });
        expect(res.status).toBe(401);
        expect(errorOf(res)).toBe('Token was issued to another client');
      } finally {
        await other.cleanup();
      }
    } finally {
      await server.cleanup();
      await issuer.close();
    }
  });

  it('refuses a bad OIDC_SCOPE at start-up', async () => {
    await expect(startTestServer({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/x', OIDC_CLIENT_ID: 'c', OIDC_SCOPE: 'email profile' })).rejects.toThrow(/OIDC_SCOPE: must include openid/);
  });
});
