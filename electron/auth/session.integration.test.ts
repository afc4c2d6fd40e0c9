import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { publicConfig } from '../../shared/api/auth';
import { api } from '../../test/support/api-client';
import { startTestServer, type TestServer } from '../../test/support/server';
import { createDesktopAuth, type DesktopAuth } from './session';
import { fakeKeyring } from './test-keyring';
import { createTokenStore, type TokenStore } from './token-store';

/**
 * The desktop sign-in end to end: the real server's embedded identity provider, the loopback
 * listener, and headless Chromium standing in for the system browser.
 */
describe('desktop sign-in through the system browser (RFC 8252)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let dir: string;
  const keyring = fakeKeyring();
  const pages: Page[] = [];

  /** The "system browser": opens the URL, signs in when the provider asks, and waits for the app's answer page. */
  const browse = (user?: { email: string; password: string }) => async (url: string) => {
    const page = await context.newPage();
    pages.push(page);
    await page.goto(url);
    if (user && page.url().includes('/oidc/interaction/')) {
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
  };
  const serverConfig = async () => publicConfig.parse((await api(server, '/api/config')).body);
  const makeAuth = (store: TokenStore, openExternal: (url: string) => Promise<void> | void, signInTimeoutMs?: number) => createDesktopAuth({ serverConfig, store, openExternal, signInTimeoutMs });
  const storeFile = () => path.join(dir, 'session.bin');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-auth-'));
    server = await startTestServer();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let auth: DesktopAuth;
  let store: TokenStore;

  it('signs in: code + PKCE on a loopback port, the tab says it can be closed, the access token works on the API', async () => {
    store = createTokenStore(storeFile(), keyring);
    const opened: string[] = [];
    auth = makeAuth(store, async (url) => {
      opened.push(url);
      await browse({ email: 'user@example.test', password: 'userpass' })(url);
    });
    const session = await auth.login();
    expect(session).toMatchObject({ email: 'user@example.test', warning: null });
    expect(session.expiresAt).toBeGreaterThan(Date.now());

    const authorize = new URL(opened[0] ?? '');
    expect(authorize.searchParams.get('client_id')).toBe('launchpad-desktop');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    for (const p of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(p)).toBeTruthy();

    const tab = pages.at(-1);
    await tab?.getByText('You can close this window').waitFor();

    const me = await api(server, '/api/auth/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'user@example.test' });
    // nothing but the access token leaves main: the refresh token is only in the encrypted store
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'email', 'expiresAt', 'warning']);
    expect(store.load()?.refreshToken).toBeTruthy();
  });

  it('refreshes to a new working access token, and a restart restores the sign-in from the encrypted file', async () => {
    const before = store.load()?.accessToken;
    const refreshed = await auth.refresh();
    expect(refreshed?.accessToken).toBeTruthy();
    expect(refreshed?.accessToken).not.toBe(before);
    expect((await api(server, '/api/auth/me', { token: refreshed?.accessToken })).status).toBe(200);

    const restarted = makeAuth(createTokenStore(storeFile(), keyring), () => undefined);
    expect((await restarted.restore())?.email).toBe('user@example.test');
  });

  it('two refreshes at the same moment (start-up, a woken laptop, the tray) use the refresh token once and keep the user signed in', async () => {
    const uses: string[] = [];
    // stands in for Electron's net.fetch: every request of the flow goes through the injected fetch
    const counting: typeof fetch = (input, init) => {
      const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      if (body.get('grant_type') === 'refresh_token') uses.push(body.get('refresh_token') ?? '');
      return fetch(input, init);
    };
    const racing = createDesktopAuth({ serverConfig, store, openExternal: () => undefined, fetch: counting });
    const signedIn = vi.fn();
    racing.onChange(signedIn);
    const before = store.load()?.refreshToken;

    const [a, b] = await Promise.all([racing.refresh(), racing.refresh(), racing.accessToken()]);
    expect(uses).toEqual([before]);
    expect(a?.accessToken).toBeTruthy();
    expect(b).toEqual(a);
    expect(signedIn).not.toHaveBeenCalled();
    expect(store.load()?.refreshToken).not.toBe(before);

    // the grant is alive: the next refresh works, and so does its token on the API
    const next = await racing.refresh();
    expect(uses).toHaveLength(2);
    expect((await api(server, '/api/auth/me', { token: next?.accessToken })).status).toBe(200);
  });

  it('rejects an answer whose state does not match, and tells the browser tab', async () => {
    let tab: Promise<{ status: number; text: string }> | undefined;
    const victim = makeAuth(createTokenStore(path.join(dir, 'other.bin'), keyring), (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
      tab = fetch(`${redirect}?code=stolen-code&state=not-the-one-sent`).then(async (res) => ({ status: res.status, text: await res.text() }));
    });
    await expect(victim.login()).rejects.toMatchObject({ code: 'state_mismatch', message: expect.stringContaining('state mismatch') });
    const tabAnswer = await tab;
    expect(tabAnswer?.status).toBe(400);
    expect(tabAnswer?.text).toContain('Sign-in failed');
  });

  it('runs one sign-in at a time; cancel and the time limit end a waiting one', async () => {
    const idle = makeAuth(createTokenStore(path.join(dir, 'idle.bin'), keyring), () => undefined);
    const first = idle.login();
    await expect(idle.login()).rejects.toThrow('A sign-in is already waiting in your browser');
    idle.cancel();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });

    const slow = makeAuth(createTokenStore(path.join(dir, 'slow.bin'), keyring), () => undefined, 200);
    await expect(slow.login()).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('timed out') });
  });

  it('signs out: local tokens deleted, refresh token revoked, end-session page opened in the browser', async () => {
    const refreshToken = store.load()?.refreshToken ?? '';
    const opened: string[] = [];
    const out = makeAuth(store, async (url) => {
      opened.push(url);
      await browse()(url);
    });
    await out.logout();
    expect(store.load()).toBeUndefined();
    expect(fs.existsSync(storeFile())).toBe(false);
    expect(await out.restore()).toBeNull();
    expect(new URL(opened[0] ?? '').pathname).toBe('/oidc/session/end');

    const pc = await serverConfig();
    const config = await oidc.discovery(new URL(pc.oidc.issuer), pc.oidc.desktopClientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a sign-out while a refresh is in flight sticks: the refresh’s tokens are dropped, revoked, never saved', async () => {
    const raceStore = createTokenStore(path.join(dir, 'race.bin'), keyring);
    await makeAuth(raceStore, browse({ email: 'user@example.test', password: 'userpass' })).login();

    let refreshSent!: () => void;
    const sent = new Promise<void>((resolve) => (refreshSent = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let issued: { access_token?: string; refresh_token?: string } = {};
    // the provider answers the refresh at once; the answer reaches the app only after the sign-out started
    const slow: typeof fetch = async (input, init) => {
      const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      if (body.get('grant_type') !== 'refresh_token') return fetch(input, init);
      const res = await fetch(input, init);
      issued = (await res.clone().json()) as typeof issued;
      refreshSent();
      await held;
      return res;
    };
    const racing = createDesktopAuth({ serverConfig, store: raceStore, openExternal: () => undefined, fetch: slow });
    const changes = vi.fn();
    racing.onChange(changes);

    const refreshing = racing.refresh();
    await sent;
    const out = racing.logout();
    release();
    const [refreshed] = await Promise.all([refreshing, out]);

    expect(refreshed).toBeNull();
    expect(raceStore.load()).toBeUndefined();
    expect(await racing.restore()).toBeNull();
    expect(await racing.accessToken()).toBeUndefined();
    expect(changes).not.toHaveBeenCalledWith(true);
    // the refresh token the provider issued during the sign-out renews nothing
    const pc = await serverConfig();
    const config = await oidc.discovery(new URL(pc.oidc.issuer), pc.oidc.desktopClientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    expect(issued.refresh_token).toBeTruthy();
    await expect(oidc.refreshTokenGrant(config, issued.refresh_token ?? '')).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
