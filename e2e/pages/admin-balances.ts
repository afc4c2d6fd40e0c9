import { PageObject } from './page-object';

/** Manage User Balance (admin): email, Amount (USD), Reason, Add Balance, then the confirmation. */
export class ManageBalancePage extends PageObject {
  readonly email = this.page.getByLabel('Email');
  readonly amount = this.page.getByLabel('Amount (USD)');
  readonly reason = this.page.getByLabel('Reason (required)');
  readonly addBalanceButton = this.page.getByRole('button', { name: /^(Add Balance|Adding…)$/ });
  readonly confirm = this.page.getByRole('dialog', { name: 'Confirm top-up' });
  readonly confirmButton = this.confirm.getByRole('button', { name: 'Confirm top-up' });
  readonly result = this.testId('topup-result');
  readonly newBalance = this.testId('topup-new-balance');
  readonly error = this.testId('topup-error');

  async open(): Promise<void> {
    await this.page.goto('/admin/balances');
  }

  /** Fills the form and confirms the top-up in the dialog (when the e-mail is found: otherwise the error shows instead). */
  async topUp(email: string, dollars: string, reason = 'Goodwill credit'): Promise<void> {
    await this.email.fill(email);
    await this.amount.fill(dollars);
    await this.reason.fill(reason);
    await this.addBalanceButton.click();
    await this.confirm.or(this.error).waitFor();
    if (await this.confirm.isVisible()) await this.confirmButton.click();
  }
}
