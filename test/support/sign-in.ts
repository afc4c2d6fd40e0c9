/** The real authorization-code + PKCE (S256) sign-in of a browser, through the embedded provider's own pages. */
import * as client from 'openid-client';
import { publicConfig } from '../../shared/api/auth';
import { api } from './api-client';

/** Just enough of a cookie jar for one browser-like sign-in against one origin. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** cookies a browser kept from an earlier visit, as a Cookie header */
  load(header: string): void {
    for (const pair of header.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface SignInResult {
  accessToken: string;
  refreshToken: string;
  /** the ID token's claims */
  idToken: client.IDToken;
  /** the ID token itself, e.g. to check that the API refuses it */
  idTokenJwt: string;
  config: client.Configuration;
  /** the browser's cookies at the provider after signing in (its session), as a Cookie header */
  cookies: string;
}

export interface Authorization {
  config: client.Configuration;
  redirectUri: string;
  codeVerifier: string;
  state: string;
  jar: CookieJar;
}

export interface LoginPage {
  status: number;
  html: string;
  /** POSTs the form; answers the provider's response (a redirect on success, the page again on failure) */
  submit(email: string, password: string, headers?: Record<string, string>): Promise<{ status: number; html: string; location: string | undefined; headers: Headers }>;
  /** the browser's cookies now, as a Cookie header (e.g. the device cookie a sign-in left) */
  cookies(): string;
  /** after a successful submit: follows the redirects back to the app and redeems the code */
  finish(location: string): Promise<SignInResult>;
}

async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(res);
  return res;
}

/** The first step of the renderer's sign-in: the issuer and client from /api/config, a PKCE verifier and state, and the URL to open. */
export async function beginAuthorization(server: { url: string }): Promise<{ auth: Authorization; firstUrl: URL }> {
  const cfg = publicConfig.parse((await api(server, '/api/config')).body);
  const config = await client.discovery(new URL(cfg.oidc.issuer), cfg.oidc.clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const redirectUri = `${server.url}/auth/callback`;
  const firstUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: cfg.oidc.scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  return { auth: { config, redirectUri, codeVerifier, state, jar: new CookieJar() }, firstUrl };
}

const locationOf = (res: Response, base: string): string | undefined => {
  const loc = res.headers.get('location');
  return loc ? new URL(loc, base).href : undefined;
};

/** Follows redirects from `start` until the provider sends the browser back to the app or shows a page. */
async function follow(auth: Authorization, start: string): Promise<{ done: URL } | { page: Response; url: string }> {
  let url = start;
  for (let hops = 0; hops < 15; hops++) {
    if (url.startsWith(auth.redirectUri)) return { done: new URL(url) };
    const res = await step(auth.jar, url);
    const next = locationOf(res, url);
    if (res.status >= 300 && res.status < 400 && next) {
      await res.body?.cancel();
      url = next;
      continue;
    }
    return { page: res, url };
  }
  throw new Error(`sign-in did not finish within 15 redirects (last: ${url})`);
}

async function redeem(auth: Authorization, callback: URL): Promise<SignInResult> {
  const error = callback.searchParams.get('error');
  if (error) throw new Error(`sign-in failed: ${error}: ${callback.searchParams.get('error_description') ?? ''}`);
  const tokens = await client.authorizationCodeGrant(auth.config, callback, { pkceCodeVerifier: auth.codeVerifier, expectedState: auth.state });
  const idToken = tokens.claims();
  if (!tokens.refresh_token || !tokens.id_token || !idToken) throw new Error('the provider issued no refresh token or ID token');
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, idToken, idTokenJwt: tokens.id_token, config: auth.config, cookies: auth.jar.header() };
}

/** Starts an authorization request and stops at the embedded provider's sign-in page. */
export async function openLoginPage(server: { url: string }, o: { cookies?: string } = {}): Promise<LoginPage> {
  const { auth, firstUrl } = await beginAuthorization(server);
  if (o.cookies) auth.jar.load(o.cookies);
  const reached = await follow(auth, firstUrl.href);
  if ('done' in reached) throw new Error(`expected a sign-in page, but the provider redirected straight back to ${reached.done.href}`);
  const html = await reached.page.text();
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${reached.url} (status ${reached.page.status}): ${html.replace(/<style>[\s\S]*?<\/style>/, '').slice(0, 600)}`);
  const actionUrl = new URL(action.replaceAll('&amp;', '&'), reached.url).href;
  return {
    status: reached.page.status,
    html,
    async submit(email, password, headers = {}) {
      const res = await step(auth.jar, actionUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email, password }).toString(),
      });
      return { status: res.status, html: await res.text(), location: locationOf(res, actionUrl), headers: res.headers };
    },
    cookies: () => auth.jar.header(),
    async finish(location) {
      const end = await follow(auth, location);
      if (!('done' in end)) throw new Error(`sign-in stopped at ${end.url} with status ${end.page.status}: ${(await end.page.text()).slice(0, 300)}`);
      return redeem(auth, end.done);
    },
  };
}

/** The real authorization-code + PKCE (S256) sign-in a browser performs, as a dev user of the embedded provider. */
export async function signIn(server: { url: string }, email: string, password: string): Promise<SignInResult> {
  const page = await openLoginPage(server);
  const submitted = await page.submit(email, password);
  if (!submitted.location) throw new Error(`sign-in as ${email} was refused with status ${submitted.status}`);
  return page.finish(submitted.location);
}

/** Access tokens of the three default test accounts, signed in through the real flow. */
export async function signInDefaultUsers(server: { url: string }): Promise<{ user: string; other: string; admin: string }> {
  const [user, other, admin] = await Promise.all([
    signIn(server, 'user@example.test', 'userpass'),
    signIn(server, 'other@example.test', 'otherpass'),
    signIn(server, 'admin@example.test', 'adminpass'),
  ]);
  return { user: user.accessToken, other: other.accessToken, admin: admin.accessToken };
}

/**
 * A system browser for a sign-in someone else started (the desktop app's loopback flow): opens
 * `url` at the embedded provider, signs in as a dev user, and follows the provider's redirect to
 * the app's own address (its loopback listener), which it then loads.
 */
export async function browseSignIn(url: string, email: string, password: string): Promise<void> {
  const jar = new CookieJar();
  const provider = new URL(url).origin;
  let current = url;
  let form: RequestInit | undefined;
  let posted = false;
  for (let hops = 0; hops < 20; hops++) {
    if (new URL(current).origin !== provider) {
      await (await fetch(current)).text();
      return;
    }
    const res = await step(jar, current, form);
    form = undefined;
    const next = locationOf(res, current);
    if (res.status >= 300 && res.status < 400 && next) {
      await res.body?.cancel();
      current = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
    if (!action || posted) throw new Error(`sign-in as ${email} stopped at ${current} with status ${res.status}`);
    posted = true;
    current = new URL(action.replaceAll('&amp;', '&'), current).href;
    form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }).toString() };
  }
  throw new Error(`sign-in did not finish within 20 redirects (last: ${current})`);
}
