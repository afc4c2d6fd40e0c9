import type { Locator, Page } from 'playwright-core';

/** "$1,234.56" / "-$0.10" → cents. */
export function centsOf(text: string): number {
  const m = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number((m[2] ?? '').replaceAll(',', '')) * 100 + Number(m[3]));
}

/** The Balance & Billing page and the header balance widget, as a user reads and clicks them. */
export class BalancePage {
  constructor(private readonly page: Page) {}

  get currentBalance(): Locator {
    return this.page.getByTestId('current-balance');
  }
  get widget(): Locator {
    return this.page.getByTestId('balance-widget');
  }
  get widgetAmount(): Locator {
    return this.page.getByTestId('balance-widget-amount');
  }
  get addFundsButton(): Locator {
    return this.page.getByRole('button', { name: 'Add Funds' });
  }
  get runtimeLeft(): Locator {
    return this.page.getByTestId('runtime-left');
  }
  get checkoutNotice(): Locator {
    return this.page.getByTestId('checkout-notice');
  }
  get transactions(): Locator {
    return this.page.getByTestId('transactions');
  }
  get transactionRows(): Locator {
    return this.transactions.locator('tbody tr');
  }
  get loadMore(): Locator {
    return this.page.getByRole('button', { name: 'Load more' });
  }
  get spendChart(): Locator {
    return this.page.getByTestId('daily-spend').getByRole('img');
  }

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
export class LocalCheckoutPage {
  constructor(private readonly page: Page) {}

  get amount(): Locator {
    return this.page.getByTestId('checkout-amount');
  }
  get payButton(): Locator {
    return this.page.getByRole('button', { name: /^Pay / });
  }
  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: 'Cancel' });
  }

  async waitForOpen(): Promise<void> {
    await this.page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  }
}
