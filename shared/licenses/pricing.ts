/**
 * THE licence price list, in integer cents a year: read by the pricing page's calculator
 * (shared/marketing/license-calculator.ts), the Licenses forms and checkout. The two specs agree
 * except on e-mail support (public site $60,000, app $12,000); the price checkout charges wins:
 * $12,000. Monthly is annual / 12.
 *
 * An operator may change it (LICENSE_PRICES, server/config.ts). It is set once at start, before
 * anything is priced: by the server from its configuration, and by the renderer and the server's
 * rendering of the marketing pages from the list the server writes into every page
 * (renderer/app/page-data.ts), so the calculator shows what checkout charges.
 */
import type { SupportLevel } from './vocabulary';

export type { SupportLevel };

export interface LicensePriceList {
  baseAnnualCents: number;
  includedUsers: number;
  userPackSize: number;
  userPackAnnualCents: number;
  gpuAnnualCents: number;
  /** GPUs the platform hosts for the customer (pricing calculator) */
  hostedGpuAnnualCents: number;
  supportAnnualCents: Record<SupportLevel, number>;
}

export const defaultLicensePrices: Readonly<LicensePriceList> = Object.freeze({
  baseAnnualCents: 1_200_000,
  includedUsers: 10,
  userPackSize: 10,
  userPackAnnualCents: 1_200_000,
  gpuAnnualCents: 360_000,
  hostedGpuAnnualCents: 4_380_000,
  supportAnnualCents: Object.freeze({ none: 0, email: 1_200_000, premium: 12_000_000 }),
});

/** The list in force: the default until `applyLicensePrices` sets the operator's. */
export const licensePrices: Readonly<LicensePriceList> = { ...defaultLicensePrices, supportAnnualCents: { ...defaultLicensePrices.supportAnnualCents } };

/** Sets the list in force (once, at start). Pack size and included users stay: they are what a licence counts. */
export function applyLicensePrices(list: Omit<LicensePriceList, 'includedUsers' | 'userPackSize'>): void {
  const live = licensePrices as LicensePriceList;
  live.baseAnnualCents = list.baseAnnualCents;
  live.userPackAnnualCents = list.userPackAnnualCents;
  live.gpuAnnualCents = list.gpuAnnualCents;
  live.hostedGpuAnnualCents = list.hostedGpuAnnualCents;
  live.supportAnnualCents = { ...list.supportAnnualCents };
}

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
