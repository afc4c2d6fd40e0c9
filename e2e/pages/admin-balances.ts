import { PageObject } from './page-object';

/** Manage User Balance (admin): email, Amount (USD), Add Balance. */
export class ManageBalancePage extends PageObject {
  readonly email = this.page.getByLabel('Email');
  readonly amount = this.page.getByLabel('Amount (USD)');
  readonly addBalanceButton = this.page.getByRole('button', { name: /^(Add Balance|Adding…)$/ });
  readonly result = this.testId('topup-result');
  readonly newBalance = this.testId('topup-new-balance');
  readonly error = this.testId('topup-error');

  async open(): Promise<void> {
    await this.page.goto('/admin/balances');
  }

  async topUp(email: string, dollars: string): Promise<void> {
    await this.email.fill(email);
    await this.amount.fill(dollars);
    await this.addBalanceButton.click();
  }
}
