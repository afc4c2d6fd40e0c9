import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publicConfig, type PublicConfig } from '../../shared/api/auth';
import { api } from '../../test/support/api-client';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { createWebAuth } from './oidc-web';
import type { Session } from './types';

/** The web app's token refresh against the real embedded provider, which rotates refresh tokens. */
describe('web sign-in refresh', () => {
  let server: TestServer;
  let pc: PublicConfig;
  const uses: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    pc = publicConfig.parse((await api(server, '/api/config')).body);
  });
  afterAll(async () => server?.cleanup());
  afterEach(() => {
    vi.unstubAllGlobals();
    uses.length = 0;
  });

  /** a signed-in session as the renderer holds it, and a fetch that records each refresh-token use */
  async function signedIn(): Promise<Session> {
    const s = await signIn(server, 'user@example.test', 'userpass');
    const realFetch = globalThis.fetch;
    vi.stubGlobal('window', { location: { origin: server.url } });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      if (body.get('grant_type') === 'refresh_token') uses.push(body.get('refresh_token') ?? '');
      return realFetch(input, init);
    });
    return { accessToken: s.accessToken, refreshToken: s.refreshToken, idToken: s.idTokenJwt, expiresAt: Date.now(), email: 'user@example.test' };
  }

  it('without sharing, a second use of the same refresh token ends the whole sign-in (why refreshes are shared)', async () => {
    const session = await signedIn();
    const config = await oidc.discovery(new URL(pc.oidc.issuer), pc.oidc.clientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    const first = await oidc.refreshTokenGrant(config, session.refreshToken ?? '');
    await expect(oidc.refreshTokenGrant(config, session.refreshToken ?? '')).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(config, first.refresh_token ?? '')).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('two refreshes at the same moment use the refresh token once, and the sign-in lives on', async () => {
    const session = await signedIn();
    const auth = createWebAuth(pc);
    const [a, b] = await Promise.all([auth.refresh(session), auth.refresh(session)]);
    expect(uses).toEqual([session.refreshToken]);
    expect(b).toBe(a);
    expect(a.refreshToken).not.toBe(session.refreshToken);
    expect((await api(server, '/api/auth/me', { token: a.accessToken })).status).toBe(200);

    const next = await auth.refresh(a);
    expect(uses).toHaveLength(2);
    expect((await api(server, '/api/auth/me', { token: next.accessToken })).status).toBe(200);
  });
});
