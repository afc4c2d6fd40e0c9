import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** Customers (admin): the search, one customer's page, its top-up form and confirmation. */
export class CustomersPage extends PageObject {
  readonly search = this.page.getByRole('searchbox', { name: 'Search customers' });
  readonly searchButton = this.page.getByRole('search').getByRole('button', { name: 'Search' });
  readonly results = this.testId('customer-results');
  readonly email = this.testId('customer-email');
  readonly balance = this.testId('customer-balance');
  readonly ledger = this.testId('customer-ledger');
  readonly topupForm = this.page.getByRole('form', { name: 'Top up a balance' });
  readonly amount = this.topupForm.getByLabel('Amount (USD)');
  readonly reason = this.topupForm.getByLabel('Reason (required)');
  readonly addBalance = this.topupForm.getByRole('button', { name: 'Add Balance' });
  readonly topupMax = this.testId('topup-max');
  readonly confirm = this.page.getByRole('dialog', { name: 'Confirm top-up' });
  readonly confirmBefore = this.confirm.getByTestId('topup-confirm-before');
  readonly confirmAfter = this.confirm.getByTestId('topup-confirm-after');
  readonly confirmButton = this.confirm.getByRole('button', { name: 'Confirm top-up' });
  readonly result = this.testId('topup-result');
  readonly newBalance = this.testId('topup-new-balance');
  readonly error = this.testId('topup-error');

  /** The search result row of this e-mail, and its link to the customer's page. */
  resultLink(email: string): Locator {
    return this.results.getByRole('link', { name: email });
  }

  async find(text: string): Promise<void> {
    await this.search.fill(text);
    await this.searchButton.click();
  }

  async topUp(dollars: string, reason: string): Promise<void> {
    await this.amount.fill(dollars);
    await this.reason.fill(reason);
    await this.addBalance.click();
  }
}
