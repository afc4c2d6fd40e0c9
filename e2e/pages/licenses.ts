import type { Locator } from 'playwright-core';
import { buttonIn, PageObject } from './page-object';

export type LicenseCardType = 'community' | 'trial' | 'enterprise';

/** The Licenses page as a person uses it: cards, the create form, Your Licenses and the payment modal. */
export class LicensesPage extends PageObject {
  card(type: LicenseCardType): Locator {
    return this.testId(`license-card-${type}`);
  }
  readonly form = this.testId('license-form');
  readonly organization = this.form.getByLabel('Organization name');
  readonly createButton = this.form.getByRole('button', { name: /^(Create License|Creating\.\.\.)$/ });
  readonly terms = this.form.getByTestId('license-terms');
  readonly acceptTerms = this.form.getByLabel('I have read and accept the license terms and conditions');
  readonly signInPrompt = this.testId('sign-in-prompt');

  // Your Licenses: the list and the parts of one row
  readonly rows = this.testId('license-row');
  /** The rows of licenses made for this organization, newest first. */
  rowsOf(organization: string): Locator {
    return this.rows.filter({ hasText: organization });
  }
  row(id: string): Locator {
    return this.page.locator(`[data-testid="license-row"][data-license-id="${id}"]`);
  }
  key(row: Locator): Locator {
    return row.getByTestId('license-key');
  }
  status(row: Locator): Locator {
    return row.getByTestId('license-status');
  }
  /** the row's button named exactly `name` */
  readonly button = buttonIn;

  // Paying: the notice after a checkout, and the payment modal
  readonly checkoutNotice = this.testId('checkout-notice');
  readonly paymentModal = this.testId('payment-modal');
  readonly wireReference = this.paymentModal.getByTestId('wire-reference');
  readonly renewModal = this.testId('renew-modal');
  readonly renewAmount = this.renewModal.getByTestId('renew-amount');
  readonly renewUntil = this.renewModal.getByTestId('renew-until');
  readonly renewPay = this.renewModal.getByTestId('renew-pay');

  async open(path = '/licenses'): Promise<void> {
    await this.page.goto(path);
  }

  /** Clicks the card's button and waits for that card's form (the old form stays until the route's render commits). */
  async select(type: LicenseCardType): Promise<void> {
    await this.card(type).getByRole('button').click();
    await this.page.locator(`[data-testid="license-form"][data-license-type="${type}"]`).waitFor();
  }

  async createCommunity(organization: string): Promise<Locator> {
    await this.select('community');
    await this.organization.fill(organization);
    await this.form.getByLabel('My organization has under $10M in annual revenue').check();
    await this.form.getByLabel('My organization has under 250 employees').check();
    return this.submit(organization);
  }

  async createEnterprise(organization: string, opts: { users?: number; gpus?: number; support?: 'None' | 'Email Support' | 'Premium Support' } = {}): Promise<Locator> {
    await this.select('enterprise');
    await this.organization.fill(organization);
    if (opts.users !== undefined) await this.form.getByLabel('Users', { exact: true }).fill(String(opts.users));
    if (opts.gpus !== undefined) await this.form.getByLabel('GPUs', { exact: true }).fill(String(opts.gpus));
    if (opts.support) await this.form.getByLabel(opts.support).check();
    await this.terms.waitFor();
    await this.acceptTerms.check();
    return this.submit(organization);
  }

  /** With the trial form open in a team (its organization is the team's name, not typed): accept the terms and create. */
  async createTrialInTeam(team: string): Promise<Locator> {
    await this.acceptTerms.check();
    return this.submit(team);
  }

  /** Creates, waits for the new row and returns it (by its id, so later rows do not confuse it). */
  private async submit(organization: string): Promise<Locator> {
    const before = await this.rowsOf(organization).count();
    await this.createButton.click();
    await this.form.waitFor({ state: 'detached' });
    const rows = this.rowsOf(organization);
    await this.page.waitForFunction(([org, n]) => [...document.querySelectorAll('[data-testid="license-row"]')].filter((r) => r.textContent?.includes(org as string)).length > (n as number), [
      organization,
      before,
    ] as const);
    const id = await rows.first().getAttribute('data-license-id');
    if (!id) throw new Error('the new license row has no id');
    return this.row(id);
  }

  async payNow(row: Locator): Promise<void> {
    await this.button(row, 'Pay Now').click();
    await this.paymentModal.waitFor();
  }
}
