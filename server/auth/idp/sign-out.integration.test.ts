import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/support/suite-server';

/**
 * Sign-out of the embedded provider (issue 19): a link or form on another site must not sign the
 * user out. Only the app's own request, which carries the user's ID token, submits itself; anything
 * else asks, and the confirmation needs the provider's xsrf token from that page.
 */
describe('embedded provider sign-out', () => {
  const { server, signIns } = useTestServer({}, { signIn: ['user'] });

  // As the signed-in browser: its session cookie goes along, as it would with a cross-site link.
  const endSession = (query: string) => fetch(`${server.url}/oidc/session/end${query}`, { redirect: 'manual', headers: { cookie: signIns.user.cookies } });

  /** The renderer's silent check (prompt=none): a code while the session lives, `login_required` once it has ended. */
  async function silentCheck(): Promise<{ code: string | null; error: string | null; setCookies: string[] }> {
    const redirectUri = `${server.url}/silent-check-sso.html`;
    const q = new URLSearchParams({
      client_id: 'launchpad',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email',
      prompt: 'none',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'silent',
    });
    let url = `${server.url}/oidc/auth?${q}`;
    const setCookies: string[] = [];
    for (let hops = 0; hops < 10 && !url.startsWith(redirectUri); hops++) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: signIns.user.cookies } });
      await res.body?.cancel();
      setCookies.push(...res.headers.getSetCookie());
      const next = res.headers.get('location');
      if (!next) throw new Error(`the silent check stopped at ${url} with ${res.status}`);
      url = new URL(next, url).href;
    }
    const back = new URL(url);
    return { code: back.searchParams.get('code'), error: back.searchParams.get('error'), setCookies };
  }

  it('the session cookie is SameSite=Lax and HttpOnly, so other sites cannot send it with a POST', async () => {
    const { code, setCookies } = await silentCheck();
    expect(code).toBeTruthy();
    const session = setCookies.find((c) => c.startsWith('_session='));
    expect(session).toBeDefined();
    const flags = session!
      .split(';')
      .slice(1)
      .map((f) => f.trim().toLowerCase());
    expect(flags).toEqual(expect.arrayContaining(['samesite=lax', 'httponly']));
  });

  it('a cross-site GET to the sign-out endpoint only asks, a cross-site POST finds nothing: the session survives both', async () => {
    const get = await endSession('?client_id=launchpad');
    expect(await get.text()).toContain('Sign out of Launchpad?');
    const post = await fetch(`${server.url}/oidc/session/end`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: signIns.user.cookies },
      body: `client_id=launchpad&post_logout_redirect_uri=${encodeURIComponent(`${server.url}/`)}`,
    });
    await post.body?.cancel();
    // oidc-provider takes the end-session request by GET only (its `enableHttpPostMethods` is off).
    expect(post.status).toBe(404);
    const check = await silentCheck();
    expect(check.error).toBeNull();
    expect(check.code).toBeTruthy();
  });

  it('a request without the ID token (a link on another site) only asks, with no script that would submit', async () => {
    const res = await endSession(`?client_id=launchpad&post_logout_redirect_uri=${encodeURIComponent(`${server.url}/`)}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Sign out of Launchpad?');
    expect(html).toContain('Stay signed in');
    expect(html).not.toContain('/idp/logout.js');
    expect(html).toMatch(/name="xsrf" value="[^"]+"/);
  });

  it("the app's own sign-out (with the user's ID token) submits itself", async () => {
    const res = await endSession(`?id_token_hint=${signIns.user.idTokenJwt}&post_logout_redirect_uri=${encodeURIComponent(`${server.url}/`)}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<script src="/idp/logout.js"></script>');
  });

  it('a cross-site POST of the confirmation without the xsrf token is refused', async () => {
    const res = await fetch(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: signIns.user.cookies },
      body: 'logout=yes&xsrf=guessed',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/xsrf token invalid|could not find logout details/);
    // The session is still there: the silent check still gets a code.
    expect((await silentCheck()).code).toBeTruthy();
  });

  it('the confirmation with its xsrf token does end the session (the check above would notice)', async () => {
    const page = await (await endSession('?client_id=launchpad')).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    expect(xsrf).toBeDefined();
    const res = await fetch(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: signIns.user.cookies },
      body: new URLSearchParams({ logout: 'yes', xsrf: xsrf ?? '' }).toString(),
    });
    await res.body?.cancel();
    expect(res.status).toBe(303);
    expect((await silentCheck()).error).toBe('login_required');
  });
});
