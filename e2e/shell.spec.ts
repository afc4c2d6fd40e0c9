import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

describe('app shell and sign-in', () => {
  const browser = useBrowser();

  it('shows a visitor the shell with Sign In and no Admin section', async () => {
    const shell = new AppShell(browser.page());
    await shell.open('/home');
    await shell.signInButton.waitFor();
    expect(await shell.sidebar.isVisible()).toBe(true);
    expect(await shell.adminSection.count()).toBe(0);
    expect(await shell.userEmail.count()).toBe(0);
  });

  it('signs a user in through the PKCE flow, keeps the session on reload, and hides the Admin section', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.user, '/licenses');
    expect(new URL(page.url()).pathname).toBe('/licenses');
    expect(await shell.userEmail.textContent()).toContain(e2eUsers.user.email);
    expect(await shell.adminSection.count()).toBe(0);

    await page.reload();
    await shell.userEmail.waitFor();
    expect(await shell.userEmail.textContent()).toContain(e2eUsers.user.email);
  });

  it('shows an admin the Admin section with the five admin screens', async () => {
    const shell = new AppShell(browser.page());
    await shell.signIn(e2eUsers.admin);
    await shell.adminSection.waitFor();
    const text = (await shell.adminSection.textContent()) ?? '';
    for (const screen of ['Deployment Dashboard', 'Ping Dashboard', 'License Admin', 'Manage User Balance', 'Test Dashboard']) {
      expect(text).toContain(screen);
    }
  });

  it('signs out back to / and stays signed out: the session’s terminals are ended and the refresh token revoked (RFC 7009) first', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.user);
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && (path === '/api/auth/sign-out' || path.startsWith('/oidc/token/revocation'))) calls.push(path);
      if (path === '/oidc/session/end') calls.push(path);
    });
    await shell.signOut();
    await page.waitForURL((url) => url.pathname === '/');
    expect(calls).toEqual(['/api/auth/sign-out', '/oidc/token/revocation', '/oidc/session/end']);
    await shell.open('/home');
    await shell.signInButton.waitFor();
    expect(await shell.userEmail.count()).toBe(0);
  });
});

describe('app shell on a narrow screen', () => {
  const browser = useBrowser({ viewport: { width: 600, height: 900 } });

  it('opens the sidebar as a drawer that closes on an outside click and after navigation', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.open('/home');
    await shell.menuToggle.waitFor();
    expect(await shell.sidebar.isVisible()).toBe(false);

    await shell.menuToggle.click();
    await shell.sidebar.waitFor({ state: 'visible' });
    await shell.drawerOverlay.click({ position: { x: 580, y: 450 } });
    await shell.sidebar.waitFor({ state: 'hidden' });

    await shell.menuToggle.click();
    await shell.sidebar.getByRole('link', { name: 'Licenses' }).click();
    await page.waitForURL(/\/licenses$/);
    await shell.sidebar.waitFor({ state: 'hidden' });
    await expect.poll(() => shell.pageTitle.textContent()).toContain('Licenses');
  });
});
