import { describe, expect, it } from 'vitest';
import { withOverride } from '../licenses/price-override';
import { applyLicensePrices, defaultLicensePrices, quoteEnterprise } from '../licenses/pricing';
import { billableUsers, calculatorDefaults, exampleForm, formatUsd, priceLicense, quoteLink, readCount, usersNote } from './license-calculator';

describe('public licence calculator', () => {
  it('prices the spec example: 100 users, 20 GPUs, premium support is $312,000 a year', () => {
    expect(priceLicense({ numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'premium' })).toEqual({
      users: 100,
      extraUsers: 90,
      baseCost: 12_000,
      extraUsersCost: 108_000,
      gpus: 20,
      gpuCost: 72_000,
      hostedGpus: 0,
      hostedGpuCost: 0,
      supportLevel: 'premium',
      supportCost: 120_000,
      total: 312_000,
    });
  });

  it.each([
    // users, gpus, hosted, support, total
    [10, 0, 0, 'none', 12_000],
    [100, 20, 0, 'none', 192_000],
    // e-mail support at checkout's price, $12,000 (the public-site spec's $60,000 loses: issue 31)
    [100, 20, 0, 'email', 204_000],
    [100, 20, 0, 'premium', 312_000],
    [100, 20, 1, 'premium', 355_800],
    [10, 0, 2, 'none', 12_000 + 87_600],
    [11, 0, 0, 'none', 12_000 + 12_000],
    [95, 0, 0, 'none', 12_000 + 108_000],
    [3, 0, 0, 'none', 12_000],
  ] as const)('%i users, %i GPUs, %i hosted, %s support: %i', (numUsers, numGpus, hostedGpus, supportLevel, total) => {
    expect(priceLicense({ numUsers, numGpus, hostedGpus, supportLevel }).total).toBe(total);
  });

  it('bills each managed GPU at $3,600 and each hosted GPU at $43,800', () => {
    const p = priceLicense({ numUsers: 10, numGpus: 20, hostedGpus: 3, supportLevel: 'none' });
    expect(p.gpuCost).toBe(72_000);
    expect(p.hostedGpuCost).toBe(131_400);
  });

  it.each([
    [1, 10],
    [10, 10],
    [11, 20],
    [95, 100],
    [100, 100],
    [101, 110],
    [Number.NaN, 10],
  ])('sells %d users as %i (packs of 10, minimum 10)', (users, billed) => {
    expect(billableUsers(users)).toBe(billed);
  });

  it.each([
    ['', 10, 10],
    ['abc', 0, 0],
    ['-4', 0, 0],
    ['7.9', 0, 7],
    ['250', 10, 250],
  ])('reads the typed count %j with minimum %i as %i', (text, min, n) => {
    expect(readCount(text, min)).toBe(n);
  });

  it('starts the form at 100 users, 20 GPUs, no hosted GPUs and no support', () => {
    expect(calculatorDefaults).toEqual({ orgName: '', numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'none' });
  });

  it('links the quote to the enterprise licence form with every field', () => {
    const url = new URL(quoteLink({ orgName: ' Acme & Sons ', numUsers: 95, numGpus: 20, hostedGpus: 2, supportLevel: 'premium' }), 'https://x.test');
    expect(url.pathname).toBe('/licenses');
    expect(url.hash).toBe('#enterprise');
    expect(Object.fromEntries(url.searchParams)).toEqual({ orgName: 'Acme & Sons', numUsers: '100', numGpus: '20', hostedGpus: '2', supportLevel: 'premium' });
  });

  it.each([
    [312_000, '$312,000'],
    [0, '$0'],
    [78.125, '$78'],
    [1_234_567.5, '$1,234,568'],
  ])('formats %d as %s', (n, text) => {
    expect(formatUsd(n)).toBe(text);
  });

  it('says how it read the users typed when it prices another number', () => {
    expect(usersNote(101)).toBe('Sold in packs of 10: rounded up to 110 users.');
    expect(usersNote(5)).toBe('Raised to the minimum of 10 users.');
    expect(usersNote(110)).toBeUndefined();
    expect(usersNote(10)).toBeUndefined();
  });

  it('prices the spec example, $312,000, with Premium support', () => {
    expect(priceLicense(exampleForm)).toMatchObject({ total: 312_000, supportLevel: 'premium', supportCost: 120_000 });
  });

  it("reads the operator's prices, the same list checkout charges", () => {
    try {
      applyLicensePrices(withOverride({ emailSupport: 15_000, hostedGpu: 40_000 }));
      const p = priceLicense({ numUsers: 10, numGpus: 0, hostedGpus: 1, supportLevel: 'email' });
      expect(p).toMatchObject({ supportCost: 15_000, hostedGpuCost: 40_000, total: 67_000 });
      expect(quoteEnterprise({ users: 10, gpus: 0, support: 'email' }).supportCents).toBe(1_500_000);
    } finally {
      applyLicensePrices(defaultLicensePrices);
    }
    expect(priceLicense({ numUsers: 10, numGpus: 0, hostedGpus: 0, supportLevel: 'email' }).supportCost).toBe(12_000);
  });
});
