import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** "$1,234.56" / "-$0.10" → cents. */
export function centsOf(text: string): number {
  const m = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number((m[2] ?? '').replaceAll(',', '')) * 100 + Number(m[3]));
}

/** The Balance & Billing page and the header balance widget, as a user reads and clicks them. */
export class BalancePage extends PageObject {
  readonly currentBalance = this.testId('current-balance');
  readonly widget = this.testId('balance-widget');
  readonly widgetAmount = this.testId('balance-widget-amount');
  readonly addFundsButton = this.page.getByRole('button', { name: 'Add Funds' });
  readonly runtimeLeft = this.testId('runtime-left');
  readonly checkoutNotice = this.testId('checkout-notice');
  readonly transactions = this.testId('transactions');
  readonly transactionRows = this.transactions.locator('tbody tr');
  readonly loadMore = this.page.getByRole('button', { name: 'Load more' });
  readonly spendChart = this.testId('daily-spend').getByRole('img');

  async open(query = ''): Promise<void> {
    await this.page.goto(`/balance${query}`);
  }

  /** Waits until the element reads exactly this amount (animations land on it within 500 ms). */
  async waitForAmount(which: Locator, text: string, timeout = 15_000): Promise<void> {
    await which.filter({ hasText: new RegExp(`^${text.replace(/[$.]/g, '\\$&')}$`) }).waitFor({ timeout });
  }

  /** A row of the history whose amount cell reads `amount` (e.g. "-$0.10"). */
  rowWithAmount(amount: string): Locator {
    return this.transactionRows.filter({ has: this.page.locator('td.tx-amount', { hasText: amount }) });
  }

  /**
   * Records every text the Current Balance shows from the next page load on, so a test can tell
   * an animation (intermediate figures) from a jump. Call before navigating.
   */
  async recordBalanceFigures(): Promise<void> {
    await this.page.addInitScript(() => {
      const w = window as unknown as { __balanceFigures: string[] };
      w.__balanceFigures = [];
      const observer = new MutationObserver(() => {
        const text = document.querySelector('[data-testid="current-balance"]')?.textContent ?? '';
        if (text && w.__balanceFigures[w.__balanceFigures.length - 1] !== text) w.__balanceFigures.push(text);
      });
      const start = () => observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
      if (document.documentElement) start();
      else document.addEventListener('DOMContentLoaded', start);
    });
  }

  async recordedFigures(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __balanceFigures?: string[] }).__balanceFigures ?? []);
  }
}

/** Launchpad's own checkout page (no payment provider configured): the amount, Pay and Cancel. */
export class LocalCheckoutPage extends PageObject {
  readonly amount = this.testId('checkout-amount');
  readonly payButton = this.page.getByRole('button', { name: /^Pay / });
  readonly cancelButton = this.page.getByRole('button', { name: 'Cancel' });

  async waitForOpen(): Promise<void> {
    await this.page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  }
}
