/**
 * Security headers and CSP on pages and API answers, the identity provider's cookie flags, and the
 * per-address limits (429 with Retry-After) on sign-in and the public endpoints.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../test/support/api-client';
import { openLoginPage } from '../../test/support/sign-in';
import { type TestServer } from '../../test/support/server';
import { docsContentSecurityPolicy } from './routes';
import { useTestServer } from '../../test/support/suite-server';
import { frozenClock } from '../../test/support/clock';

/** The first step of a browser sign-in: the authorization request, whose answer sets the interaction cookies. */
async function authorizationCookies(server: TestServer, headers: Record<string, string> = {}): Promise<string[]> {
  const issuer = `${server.url}/oidc`;
  const q = new URLSearchParams({
    client_id: 'launchpad',
    response_type: 'code',
    redirect_uri: `${server.url}/auth/callback`,
    scope: 'openid email',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'abc',
  });
  const res = await fetch(`${server.localUrl}/oidc/auth?${q}`, { redirect: 'manual', headers });
  await res.body?.cancel();
  expect(res.status, `authorization request against ${issuer}`).toBeLessThan(400);
  return res.headers.getSetCookie();
}

const flags = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe('security headers, cookies and rate limits', () => {
  const { server } = useTestServer({ CI_SECRET: 'limits-ci-secret-0123', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_PUBLIC_PER_MINUTE: '4' }, { timeout: 60_000, clock: frozenClock() });

  it.each([
    ['a page (the renderer fallback)', '/home'],
    ['an API answer', '/api/config'],
    ['an API error', '/api/no-such-route'],
    ['the sign-in page', '/oidc/interaction/none'],
  ])('sends the security headers and CSP on %s', async (_what, path) => {
    const res = await fetch(`${server.url}${path}`);
    await res.body?.cancel();
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'", "base-uri 'self'"]) expect(csp, path).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gives the API reference page its own policy: Redoc workers from blob:, no inline scripts', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toBe(docsContentSecurityPolicy);
    expect(docsContentSecurityPolicy).toContain("worker-src 'self' blob:");
    expect(docsContentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe/);
    expect(html).toContain('<script src="/api/docs/redoc.standalone.js"></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const script = await fetch(`${server.url}/api/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("sets the identity provider's cookies HttpOnly and SameSite (not Secure over plain http)", async () => {
    const cookies = await authorizationCookies(server);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(flags(c), c).toContain('httponly');
      expect(
        flags(c).some((f) => f.startsWith('samesite=')),
        c,
      ).toBe(true);
    }
  });

  it('answers the sixth public request in a minute with 429 and Retry-After, per endpoint', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await api(server, '/api/user-info');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body).toMatchObject({ error: 'Too many company lookups from this address', details: { retry_after_seconds: expect.any(Number) } });
    // Another endpoint has its own bucket.
    const upload = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'x-ci-secret': 'wrong-secret-value' }, body: new FormData() });
    expect(upload.status).toBe(401);
  });

  it('limits CI uploads and the local checkout per address too', async () => {
    const uploads: number[] = [];
    for (let i = 0; i < 5; i++) uploads.push((await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'x-ci-secret': 'wrong-secret-value' }, body: new FormData() })).status);
    // One upload was already counted by the test above: the limit of 4 is reached at the fourth here.
    expect(uploads).toEqual([401, 401, 401, 429, 429]);
    const pays: number[] = [];
    let res: Response | undefined;
    for (let i = 0; i < 5; i++) {
      res = await fetch(`${server.url}/checkout/00000000-0000-4000-8000-000000000000/pay`, { method: 'POST', redirect: 'manual' });
      pays.push(res.status);
    }
    expect(pays).toEqual([404, 404, 404, 404, 429]);
    expect(Number(res?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers the fourth sign-in attempt in a minute with the sign-in page, 429 and Retry-After', async () => {
    const page = await openLoginPage(server);
    const attempts: number[] = [];
    let html = '';
    for (let i = 0; i < 4; i++) {
      const r = await page.submit('user@example.test', 'wrong-password');
      attempts.push(r.status);
      html = r.html;
    }
    expect(attempts).toEqual([401, 401, 401, 429]);
    expect(html).toContain('Too many failed sign-ins from your address');
    // Even the right password waits for the window: guessing gets nothing out of the limit.
    const right = await page.submit('user@example.test', 'userpass');
    expect(right.status).toBe(429);
    expect(right.location).toBeUndefined();
  });
});

describe('sign-in limits per account and per address (behind a proxy that names the caller)', () => {
  const { server } = useTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5' }, { clock: frozenClock() });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('stops a distributed guess of one password: the sixth failure from any address is a 429, the right password too', async () => {
    const page = await openLoginPage(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await page.submit('other@example.test', `guess-${i}`, from(`203.0.113.${10 + i}`))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await page.submit('other@example.test', 'otherpass', from('198.51.100.7'));
    expect(right.status).toBe(429);
    expect(right.html).toContain('Too many failed sign-ins for this account');
    // The same answer for an account that does not exist: nothing to learn from the limit.
    for (let i = 0; i < 5; i++) await page.submit('nobody@example.test', 'x', from(`203.0.113.${40 + i}`));
    expect((await page.submit('nobody@example.test', 'x', from('203.0.113.99'))).status).toBe(429);
  });

  it('a noisy address does not lock out another account signing in from it', async () => {
    const noisy = await openLoginPage(server);
    for (let i = 0; i < 4; i++) await noisy.submit('admin@example.test', `guess-${i}`, from('192.0.2.1'));
    expect((await noisy.submit('admin@example.test', 'guess-x', from('192.0.2.1'))).status).toBe(429);
    const colleague = await openLoginPage(server);
    const ok = await colleague.submit('user@example.test', 'userpass', from('192.0.2.1'));
    expect(ok.status).toBe(303);
  });
});

describe('cookies behind https', () => {
  const { server } = useTestServer({ PUBLIC_URL: 'https://launchpad.test', TRUST_PROXY: 'true' }, { timeout: 60_000 });

  it('marks every identity provider cookie Secure when PUBLIC_URL is https', async () => {
    const cookies = await authorizationCookies(server, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'launchpad.test', host: 'launchpad.test' });
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(flags(c), c).toEqual(expect.arrayContaining(['httponly', 'secure']));
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const res = await fetch(`${server.localUrl}/api/config`);
    await res.body?.cancel();
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
