import type { Locator, Page } from 'playwright-core';
import { PageObject } from './page-object';

type Account = { email: string; password: string };

/** What a person sees and clicks around every app page: sidebar, header, sign-in. */
export class AppShell extends PageObject {
  readonly sidebar = this.testId('sidebar');
  readonly adminSection = this.testId('admin-section');
  readonly userEmail = this.testId('user-email');
  readonly signInButton = this.page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });
  readonly signOutButton = this.page.getByRole('banner').getByRole('button', { name: 'Sign Out', exact: true });
  readonly pageTitle = this.testId('page-title');
  readonly menuToggle = this.testId('menu-toggle');
  readonly drawerOverlay = this.testId('drawer-overlay');

  /** Opens an app address once its page is live: the Command Center and the Test Dashboard arrive rendered by the server, before they answer clicks. */
  async open(path: string): Promise<void> {
    await this.goto(path);
  }

  /** The real flow: Sign In → the identity provider's login page → back to the app with PKCE. */
  async signIn(user: Account, from = '/home'): Promise<void> {
    await this.open(from);
    await this.signInButton.click();
    await this.page.waitForURL(/\/oidc\/interaction\//);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in: back from the identity provider, past the app's callback address, on the page sign-in started from.
    await this.page.waitForURL((url) => !/^\/(oidc\/|auth\/callback)/.test(url.pathname));
    await this.userEmail.waitFor();
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}

/** Signs `user` in from `path` (the real flow), then answers the page object `View` of that page once `ready` shows on it. */
export async function signInTo<T extends PageObject>(page: Page, user: Account, path: string, View: new (page: Page) => T, ready: (view: T) => Locator): Promise<T> {
  await new AppShell(page).signIn(user, path);
  const view = new View(page);
  await ready(view).waitFor();
  return view;
}
