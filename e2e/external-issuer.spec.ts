import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meResponse } from '../shared/api/auth';
import { apiErrorBody } from '../shared/api/errors';
import { startServer, type RunningServer } from '../server/start';
import { startExternalIssuer, type ExternalIssuer, type IssuerAccount, type IssuerShape } from '../test/support/external-issuer';
import { AppShell } from './pages/app-shell';
import { closeContexts, sharedBrowser } from './support/chromium';
import { pgliteTemplate } from '../test/support/test-pglite';
import { throwawayServerEnv } from '../test/support/throwaway-server';

/**
 * Sign-in in Chromium against a second, independently configured issuer (not the embedded one):
 * one in the shape of a Keycloak realm (`/realms/helix`, RS256, `realm_access.roles`, `aud: account`)
 * and one giving RFC 9068 access tokens (`typ: at+jwt`, `client_id`, `aud` = the API, no email).
 * Launchpad is its own server here, configured with OIDC_ISSUER the way an operator would.
 */
const accounts: IssuerAccount[] = [
  { id: '5d2c7a10-aaaa-4c3e-9d51-000000000001', username: 'ada', email: 'ada@realm.test', password: 'ada-realm-pass', roles: ['offline_access', 'launchpad-admin'] },
  { id: '5d2c7a10-aaaa-4c3e-9d51-000000000002', username: 'grace', email: 'grace@realm.test', password: 'grace-realm-pass', roles: ['offline_access', 'uma_authorization'] },
];
const [ada, grace] = accounts as [IssuerAccount, IssuerAccount];
const apiAudience = 'https://launchpad.realm.test/api';
/** short, so the test sees the access token expire and the app renew it */
const accessTokenTtlS = 10;

describe.each<{ shape: IssuerShape }>([{ shape: 'keycloak' }, { shape: 'rfc9068' }])('signing in through an external issuer ($shape shape)', ({ shape }) => {
  let issuer: ExternalIssuer;
  let launchpad: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** access tokens the browser received from the issuer's token endpoint, in order */
  let tokens: string[];
  /** every API answer the renderer got: path and status */
  let apiAnswers: { path: string; status: number; at: number }[];

  beforeAll(async () => {
    issuer = await startExternalIssuer({ shape, realm: 'helix', clientId: 'launchpad', audience: shape === 'rfc9068' ? apiAudience : undefined, accounts, accessTokenTtl: accessTokenTtlS });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-external-issuer-'));
    launchpad = await startServer({
      env: {
        ...throwawayServerEnv(dataDir),
        LOG_LEVEL: 'silent',
        RELEASES_URL: 'off',
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: 'launchpad',
        ADMIN_ROLE: 'launchpad-admin',
        ...(shape === 'rfc9068' ? { OIDC_AUDIENCE: apiAudience } : {}),
      },
      inMemoryDatabase: true,
      pgliteTemplate: pgliteTemplate(),
      rendererRoot: path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer'),
      jobs: false,
    });
    await issuer.registerClient(launchpad.url);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await launchpad?.close();
    await issuer?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: launchpad.url, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    tokens = [];
    apiAnswers = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.href.startsWith(`${issuer.issuer}/protocol/openid-connect/token`) && res.ok()) {
        void res.json().then(
          (body: { access_token?: string }) => body.access_token && tokens.push(body.access_token),
          () => undefined,
        );
      }
      if (url.origin === new URL(launchpad.url).origin && url.pathname.startsWith('/api/')) apiAnswers.push({ path: url.pathname, status: res.status(), at: Date.now() });
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Sign In in the header → the issuer's own sign-in page → back in the app, signed in. */
  async function signIn(account: IssuerAccount): Promise<URL> {
    const shell = new AppShell(page);
    await shell.open('/home');
    const authorization = page.waitForRequest((req) => req.url().startsWith(`${issuer.issuer}/protocol/openid-connect/auth?`));
    await shell.signInButton.click();
    const authUrl = new URL((await authorization).url());
    await page.waitForURL((u) => u.href.startsWith(`${issuer.issuer}/login-actions/`));
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shell.userEmail.waitFor();
    return authUrl;
  }

  const me = async (token: string) => {
    const res = await fetch(`${launchpad.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('signs in with PKCE, shows the email, calls the API, and makes an admin from the role claim', async () => {
    const authUrl = await signIn(ada);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('scope')?.split(' ')).toEqual(['openid', 'email', 'profile', 'offline_access']);
    const shell = new AppShell(page);
    await expect.poll(() => shell.userEmail.textContent()).toBe(ada.email);
    // the admin section comes from the API's check-admin answer: the token passed, and ADMIN_ROLE matched the role claim
    await shell.adminSection.waitFor();
    await expect.poll(() => page.getByTestId('balance-widget-amount').textContent()).toMatch(/^\$\d/);
    // the server stored the email too (for RFC 9068 tokens from the issuer's userinfo endpoint)
    const token = tokens.at(-1) ?? '';
    expect(meResponse.parse((await me(token)).body)).toMatchObject({ email: ada.email, isAdmin: true });
    expect(apiAnswers.filter((a) => a.status >= 400)).toEqual([]);
  });

  it('shows no admin section to a user without the role', async () => {
    await signIn(grace);
    const shell = new AppShell(page);
    await expect.poll(() => shell.userEmail.textContent()).toBe(grace.email);
    await expect.poll(() => apiAnswers.some((a) => a.path === '/api/auth/check-admin' && a.status === 200)).toBe(true);
    await expect.poll(() => page.getByTestId('balance-widget-amount').textContent()).toMatch(/^\$\d/);
    expect(await shell.adminSection.count()).toBe(0);
  });

  it('stays signed in after the access token expires: the app renews it with the refresh token', async () => {
    await signIn(grace);
    const shell = new AppShell(page);
    // the first API call after sign-in carries the first access token (on a busy machine it may come after signIn returns)
    await expect.poll(() => tokens.length).toBeGreaterThan(0);
    const first = tokens[0] ?? '';
    const refreshesBefore = issuer.counts.refresh;
    // let the first access token expire (the balance widget keeps calling the API meanwhile)
    await page.waitForTimeout((accessTokenTtlS + 2) * 1000);
    const expired = await me(first);
    expect(expired.status).toBe(401);
    expect(apiErrorBody.parse(expired.body).error).toBe('Token expired');

    await page.getByTestId('balance-widget').click();
    await page.waitForURL(/\/balance$/);
    await expect.poll(() => issuer.counts.refresh - refreshesBefore).toBeGreaterThan(0);
    expect(tokens.length).toBeGreaterThan(1);
    expect(meResponse.parse((await me(tokens.at(-1) ?? '')).body).email).toBe(grace.email);
    await expect.poll(() => shell.userEmail.textContent()).toBe(grace.email);
    expect(apiAnswers.filter((a) => a.status === 401)).toEqual([]);
    expect(apiAnswers.filter((a) => a.status === 200).length).toBeGreaterThan(2);
  });

  it('signs out through the issuer: back at /, and the next Sign In asks for the password again', async () => {
    await signIn(grace);
    const shell = new AppShell(page);
    const logoutsBefore = issuer.counts.logout;
    const endSession = page.waitForRequest((req) => req.url().startsWith(`${issuer.issuer}/protocol/openid-connect/logout?`));
    await shell.signOut();
    const logoutUrl = new URL((await endSession).url());
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${launchpad.url}/`);
    expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
    await page.waitForURL(`${launchpad.url}/`);
    expect(issuer.counts.logout - logoutsBefore).toBe(1);

    await shell.open('/home');
    await shell.signInButton.click();
    await page.waitForURL((u) => u.href.startsWith(`${issuer.issuer}/login-actions/`));
    await page.getByLabel('Password').waitFor();
  });
});
