import type { SupportLevel } from '../licenses/pricing';

export type { SupportLevel } from '../licenses/pricing';

/**
 * The public site's licence price list (public-site section 9), in whole US dollars per year.
 * It is NOT the price list of the app's /licenses page (`shared/licenses/pricing.ts`): the two
 * specs price extra users and email support differently, and each page shows its own.
 */
export const publicPrices = {
  baseAnnual: 12_000,
  includedUsers: 10,
  userPackSize: 10,
  perUserAnnual: 1_200,
  managedGpuAnnual: 3_600,
  hostedGpuAnnual: 43_800,
  supportAnnual: { none: 0, email: 60_000, premium: 120_000 } satisfies Record<SupportLevel, number>,
} as const;

export const minUsers = 10;
export const supportOptions: { level: SupportLevel; label: string }[] = [
  { level: 'none', label: 'None' },
  { level: 'email', label: 'Email support' },
  { level: 'premium', label: 'Premium support' },
];

export interface CalculatorForm {
  orgName: string;
  numUsers: number;
  numGpus: number;
  hostedGpus: number;
  supportLevel: SupportLevel;
}

export const calculatorDefaults: CalculatorForm = { orgName: '', numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'none' };

/** Users are sold in packs of 10 with at least 10: 1 → 10, 95 → 100, 100 → 100. */
export function billableUsers(users: number): number {
  const n = Number.isFinite(users) ? Math.max(minUsers, Math.ceil(users)) : minUsers;
  return Math.ceil(n / publicPrices.userPackSize) * publicPrices.userPackSize;
}

/** A typed count: blank, negative or unreadable input counts as the minimum (users 10, GPUs 0). */
export function readCount(text: string, min: number): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return min;
  return Math.max(min, Math.floor(n));
}

export interface PriceBreakdown {
  users: number;
  extraUsers: number;
  baseCost: number;
  extraUsersCost: number;
  gpus: number;
  gpuCost: number;
  hostedGpus: number;
  hostedGpuCost: number;
  supportLevel: SupportLevel;
  supportCost: number;
  total: number;
}

export function priceLicense(form: Omit<CalculatorForm, 'orgName'>): PriceBreakdown {
  const users = billableUsers(form.numUsers);
  const extraUsers = users - publicPrices.includedUsers;
  const gpus = Math.max(0, Math.floor(form.numGpus) || 0);
  const hostedGpus = Math.max(0, Math.floor(form.hostedGpus) || 0);
  const baseCost = publicPrices.baseAnnual;
  const extraUsersCost = extraUsers * publicPrices.perUserAnnual;
  const gpuCost = gpus * publicPrices.managedGpuAnnual;
  const hostedGpuCost = hostedGpus * publicPrices.hostedGpuAnnual;
  const supportCost = publicPrices.supportAnnual[form.supportLevel];
  return {
    users,
    extraUsers,
    baseCost,
    extraUsersCost,
    gpus,
    gpuCost,
    hostedGpus,
    hostedGpuCost,
    supportLevel: form.supportLevel,
    supportCost,
    total: baseCost + extraUsersCost + gpuCost + hostedGpuCost + supportCost,
  };
}

/**
 * The get-quote link: `/licenses?orgName=…&numUsers=…&numGpus=…&hostedGpus=…&supportLevel=…#enterprise`.
 * The query sits before the hash so the Licenses page's router sees it. Users are sent as billed
 * (rounded up to a pack of 10) so the Licenses form starts from the quoted figure.
 */
export function quoteLink(form: CalculatorForm): string {
  const query = new URLSearchParams({
    orgName: form.orgName.trim(),
    numUsers: String(billableUsers(form.numUsers)),
    numGpus: String(Math.max(0, Math.floor(form.numGpus) || 0)),
    hostedGpus: String(Math.max(0, Math.floor(form.hostedGpus) || 0)),
    supportLevel: form.supportLevel,
  });
  return `/licenses?${query.toString()}#enterprise`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** `$312,000` */
export function formatUsd(amount: number): string {
  return usd.format(Math.round(amount));
}
