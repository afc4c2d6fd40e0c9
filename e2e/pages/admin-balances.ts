import type { Locator, Page } from 'playwright-core';

/** Manage User Balance (admin): email, Amount (USD), Add Balance. */
export class ManageBalancePage {
  constructor(private readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('Email');
  }
  get amount(): Locator {
    return this.page.getByLabel('Amount (USD)');
  }
  get addBalanceButton(): Locator {
    return this.page.getByRole('button', { name: /^(Add Balance|Adding…)$/ });
  }
  get result(): Locator {
    return this.page.getByTestId('topup-result');
  }
  get newBalance(): Locator {
    return this.page.getByTestId('topup-new-balance');
  }
  get error(): Locator {
    return this.page.getByTestId('topup-error');
  }

  async open(): Promise<void> {
    await this.page.goto('/admin/balances');
  }

  async topUp(email: string, dollars: string): Promise<void> {
    await this.email.fill(email);
    await this.amount.fill(dollars);
    await this.addBalanceButton.click();
  }
}
