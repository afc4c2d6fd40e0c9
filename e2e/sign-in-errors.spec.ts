import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { SignInFailedPage } from './pages/sign-in-failed';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/** Issue 42: a sign-in that fails at the issuer or the callback lands on a page that says why, never signed out at home without a word. */
describe('a sign-in that does not finish', () => {
  const browser = useBrowser();

  /** Sign In clicked on /home: the identity provider's page is open and this tab waits for its answer. */
  async function startSignIn() {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.open('/home');
    await shell.signInButton.click();
    await page.waitForURL(/\/oidc\/interaction\//);
    return { page, shell, failed: new SignInFailedPage(page) };
  }

  it('the issuer answers access_denied (Cancel at its page): the page says so in plain words, with its description, and Try again signs in', async () => {
    const { page, shell, failed } = await startSignIn();
    await failed.answer({ error: 'access_denied', error_description: 'The user cancelled the sign-in', state: await failed.pendingState() });
    await failed.root.waitFor();
    expect(await failed.title.textContent()).toBe('Sign-in failed');
    expect(await failed.reason.textContent()).toBe('The sign-in was cancelled or refused at the identity provider.');
    expect(await failed.root.textContent()).toContain('The identity provider said: The user cancelled the sign-in');
    expect(await shell.signInButton.isVisible()).toBe(true);

    await failed.tryAgain.click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill(e2eUsers.user.email);
    await page.getByLabel('Password').fill(e2eUsers.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the sign-in started, signed in.
    await page.waitForURL((url) => url.pathname === '/home');
    await shell.userEmail.waitFor();
  });

  it('an answer whose state is not the one this tab sent: the page says it does not belong to this sign-in', async () => {
    const { page, failed } = await startSignIn();
    await failed.answer({ code: 'not-a-real-code', state: 'someone-elses-state', iss: `${new URL(page.url()).origin}/oidc` });
    await failed.root.waitFor();
    expect(await failed.reason.textContent()).toBe('The answer from the identity provider does not belong to the sign-in this page started (it may be old, or from another tab).');
    expect(await failed.backHome.getAttribute('href')).toBe('/home');
  });
});
