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
  /** the total that stays in view while the form is edited (a phone, where the table is under the form) */
  readonly liveTotal = this.calculator.getByTestId('pricing-live-total');
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
  readonly copyEstimate = this.calculator.getByRole('button', { name: 'Copy estimate' });

  /** The text under a number field that describes it (its hint, or why its value changed). */
  async hintOf(label: 'Number of users' | 'Managed GPUs' | 'Hosted GPUs'): Promise<string> {
    return this.field(label).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? '');
  }

  async openCalculator(): Promise<void> {
    await this.plan('enterprise').getByRole('button', { name: 'Calculate pricing' }).click();
    await this.calculator.waitFor();
  }
}
