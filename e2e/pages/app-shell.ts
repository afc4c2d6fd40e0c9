import type { Locator, Page } from 'playwright-core';

/** What a person sees and clicks around every app page: sidebar, header, sign-in. */
export class AppShell {
  constructor(private readonly page: Page) {}

  get sidebar(): Locator {
    return this.page.getByTestId('sidebar');
  }
  get adminSection(): Locator {
    return this.page.getByTestId('admin-section');
  }
  get userEmail(): Locator {
    return this.page.getByTestId('user-email');
  }
  get signInButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });
  }
  get signOutButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Sign Out', exact: true });
  }
  get pageTitle(): Locator {
    return this.page.getByTestId('page-title');
  }
  get menuToggle(): Locator {
    return this.page.getByTestId('menu-toggle');
  }
  get drawerOverlay(): Locator {
    return this.page.getByTestId('drawer-overlay');
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** The real flow: Sign In → the identity provider's login page → back to the app with PKCE. */
  async signIn(user: { email: string; password: string }, from = '/home'): Promise<void> {
    await this.open(from);
    await this.signInButton.click();
    await this.page.waitForURL(/\/oidc\/interaction\//);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.userEmail.waitFor();
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
