import { describe, expect, it } from 'vitest';
import { quoteEnterprise, wireReference } from './pricing';

describe('enterprise license pricing', () => {
  it.each([
    // users, gpus, support → annual dollars
    [10, 0, 'none', 12_000],
    [11, 0, 'none', 24_000],
    [20, 0, 'none', 24_000],
    [21, 0, 'none', 36_000],
    [100, 0, 'none', 120_000],
    [10, 1, 'none', 15_600],
    [100, 20, 'none', 192_000],
    [10, 0, 'email', 24_000],
    [10, 0, 'premium', 132_000],
    [100, 20, 'premium', 312_000],
    [5, -3, 'none', 12_000],
  ] as const)('%i users, %i GPUs, %s support cost $%i a year', (users, gpus, support, dollars) => {
    const q = quoteEnterprise({ users, gpus, support });
    expect(q.annualCents).toBe(dollars * 100);
    expect(q.monthlyCents).toBe(Math.round((dollars * 100) / 12));
  });

  it('charges the base $1,000 a month including 10 users', () => {
    expect(quoteEnterprise({ users: 10, gpus: 0, support: 'none' }).monthlyCents).toBe(100_000);
    expect(quoteEnterprise({ users: 10, gpus: 1, support: 'none' }).gpusCents / 12).toBe(30_000);
  });
});

describe('wire reference', () => {
  it('is characters 5 to 11 of the id (4 to 10 from zero), upper-cased', () => {
    expect(wireReference('lic_abcdefghij0123456789')).toBe('ABCDEFG');
    expect(wireReference('lic_abcdefghij0123456789')).toHaveLength(7);
  });
});
