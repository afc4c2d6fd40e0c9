import { z } from 'zod';
import { defaultLicensePrices, type LicensePriceList } from './pricing';

const dollars = z.number().int().min(0).max(100_000_000);

/**
 * LICENSE_PRICES: the operator's licence prices, JSON in whole US dollars a year; every key is
 * optional and falls back to the default list, e.g. `{"emailSupport":12000,"hostedGpu":43800}`.
 */
export const licensePriceOverride = z
  .object({
    base: dollars.optional(),
    userPack: dollars.optional(),
    gpu: dollars.optional(),
    hostedGpu: dollars.optional(),
    emailSupport: dollars.optional(),
    premiumSupport: dollars.optional(),
  })
  .strict();

export type LicensePriceOverride = z.infer<typeof licensePriceOverride>;

/** The default list with the operator's prices over it, in cents. */
export function withOverride(o: LicensePriceOverride): LicensePriceList {
  const d = defaultLicensePrices;
  const cents = (v: number | undefined, fallback: number) => (v === undefined ? fallback : v * 100);
  return {
    ...d,
    baseAnnualCents: cents(o.base, d.baseAnnualCents),
    userPackAnnualCents: cents(o.userPack, d.userPackAnnualCents),
    gpuAnnualCents: cents(o.gpu, d.gpuAnnualCents),
    hostedGpuAnnualCents: cents(o.hostedGpu, d.hostedGpuAnnualCents),
    supportAnnualCents: { none: 0, email: cents(o.emailSupport, d.supportAnnualCents.email), premium: cents(o.premiumSupport, d.supportAnnualCents.premium) },
  };
}
