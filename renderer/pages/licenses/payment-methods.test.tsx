import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardOf } from './catalog';
import { LicenseCards, cardFeatures } from './LicenseCards';
import { paymentMethodsText } from './payment-methods';
import { PriceSummary } from './PriceSummary';

describe('payment options follow the BANK_* settings', () => {
  it('without them (no bank account in the configuration), the Enterprise card and the price summary promise card payment only', () => {
    const text = renderToStaticMarkup(
      <>
        <LicenseCards selected={undefined} />
        <PriceSummary users={10} gpus={0} support="none" />
      </>,
    ).replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/bank transfer/i);
    expect(text).toContain('Pay by card');
    expect(text).toContain('Pay by card after creating the license.');
  });

  it('with them, bank transfer is offered too', () => {
    expect(cardFeatures(cardOf('enterprise'), true)).toContain('Pay by card or bank transfer');
    expect(cardFeatures(cardOf('enterprise'), false)).toContain('Pay by card');
    expect(cardFeatures(cardOf('community'), true).join(' ')).not.toContain('Pay by');
    expect(paymentMethodsText(true)).toBe('card or bank transfer');
  });
});
