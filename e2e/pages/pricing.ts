import type { Locator, Page } from 'playwright-core';

/** The /pricing page as a visitor uses it: plan cards and the licence calculator panel. */
export class PricingPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/pricing');
  }

  plan(name: 'pilot' | 'shared' | 'enterprise' | 'community'): Locator {
    return this.page.getByTestId(`plan-${name}`);
  }
  get calculator(): Locator {
    return this.page.getByTestId('pricing-calculator');
  }
  get total(): Locator {
    return this.calculator.getByTestId('pricing-total');
  }
  get hostedGpuRow(): Locator {
    return this.calculator.getByTestId('row-hosted-gpus');
  }
  field(label: 'Organization name' | 'Number of users' | 'Managed GPUs' | 'Hosted GPUs'): Locator {
    return this.calculator.getByLabel(label, { exact: true });
  }
  support(label: 'None' | 'Email support' | 'Premium support'): Locator {
    return this.calculator.getByRole('radio', { name: label });
  }
  get getQuote(): Locator {
    return this.calculator.getByRole('link', { name: 'Get a quote' }).or(this.calculator.getByRole('button', { name: 'Get a quote' }));
  }
  get reset(): Locator {
    return this.calculator.getByRole('button', { name: 'Reset to defaults' });
  }
  get close(): Locator {
    return this.calculator.getByRole('button', { name: 'Close calculator' });
  }

  async openCalculator(): Promise<void> {
    await this.plan('enterprise').getByRole('button', { name: 'Calculate pricing' }).click();
    await this.calculator.waitFor();
  }
}
