import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The /pricing page as a visitor uses it: plan cards and the licence calculator panel. */
export class PricingPage extends PageObject {
  async open(): Promise<void> {
    await this.goto('/pricing');
  }

  plan(name: 'pilot' | 'shared' | 'enterprise' | 'community'): Locator {
    return this.testId(`plan-${name}`);
  }
  readonly calculator = this.testId('pricing-calculator');
  readonly total = this.calculator.getByTestId('pricing-total');
  readonly hostedGpuRow = this.calculator.getByTestId('row-hosted-gpus');
  field(label: 'Organization name' | 'Number of users' | 'Managed GPUs' | 'Hosted GPUs'): Locator {
    return this.calculator.getByLabel(label, { exact: true });
  }
  support(label: 'None' | 'Email support' | 'Premium support'): Locator {
    return this.calculator.getByRole('radio', { name: label });
  }
  readonly getQuote = this.calculator.getByRole('link', { name: 'Get a quote' }).or(this.calculator.getByRole('button', { name: 'Get a quote' }));
  readonly reset = this.calculator.getByRole('button', { name: 'Reset to defaults' });
  readonly close = this.calculator.getByRole('button', { name: 'Close calculator' });

  async openCalculator(): Promise<void> {
    await this.plan('enterprise').getByRole('button', { name: 'Calculate pricing' }).click();
    await this.calculator.waitFor();
  }
}
