/**
 * Enterprise license pricing of the Licenses page (app spec, section 9), in integer cents.
 * Annual: base $12,000 including 10 users; each started pack of 10 more users $12,000; GPUs
 * $3,600 each; email support $12,000, premium support $120,000. Monthly is annual / 12.
 */
import type { SupportLevel } from './vocabulary';

export type { SupportLevel };

export const licensePrices = {
  baseAnnualCents: 1_200_000,
  includedUsers: 10,
  userPackSize: 10,
  userPackAnnualCents: 1_200_000,
  gpuAnnualCents: 360_000,
  supportAnnualCents: { none: 0, email: 1_200_000, premium: 12_000_000 } satisfies Record<SupportLevel, number>,
} as const;

export const minEnterpriseUsers = 10;
export const trialLimits = { users: 10, gpus: 3, days: 14 } as const;

export interface LicenseQuote {
  baseCents: number;
  extraUserPacks: number;
  extraUsersCents: number;
  gpusCents: number;
  supportCents: number;
  annualCents: number;
  monthlyCents: number;
}

export function quoteEnterprise(o: { users: number; gpus: number; support: SupportLevel }): LicenseQuote {
  const users = Math.max(minEnterpriseUsers, Math.floor(o.users));
  const gpus = Math.max(0, Math.floor(o.gpus));
  const extraUserPacks = Math.ceil((users - licensePrices.includedUsers) / licensePrices.userPackSize);
  const extraUsersCents = extraUserPacks * licensePrices.userPackAnnualCents;
  const gpusCents = gpus * licensePrices.gpuAnnualCents;
  const supportCents = licensePrices.supportAnnualCents[o.support];
  const annualCents = licensePrices.baseAnnualCents + extraUsersCents + gpusCents + supportCents;
  return { baseCents: licensePrices.baseAnnualCents, extraUserPacks, extraUsersCents, gpusCents, supportCents, annualCents, monthlyCents: Math.round(annualCents / 12) };
}

/** The bank-transfer reference of a license: characters 5 to 11 (1-based), i.e. 4 to 10 counted from 0 — both readings of the spec agree. */
export function wireReference(licenseId: string): string {
  return licenseId.slice(4, 11).toUpperCase();
}
