import { PageObject } from './page-object';

/** The page a sign-in lands on when it did not finish: what happened, and Try again. */
export class SignInFailedPage extends PageObject {
  readonly root = this.testId('sign-in-failed');
  readonly title = this.testId('page-title');
  readonly reason = this.root.getByRole('alert');
  readonly tryAgain = this.root.getByRole('button', { name: 'Try again', exact: true });
  readonly backHome = this.root.getByRole('link', { name: 'Back to home', exact: true });

  /** the state of the sign-in this tab started (what the issuer sends back with its answer) */
  pendingState(): Promise<string> {
    return this.page.evaluate(() => (JSON.parse(sessionStorage.getItem('launchpad.pending-login') ?? '{}') as { state?: string }).state ?? '');
  }

  /** The issuer's redirect back to the app, as it answers a sign-in (an error, or a code). */
  async answer(query: Record<string, string>): Promise<void> {
    await this.page.goto(`/auth/callback?${new URLSearchParams(query).toString()}`);
  }
}
