import { licensePrices, type SupportLevel } from '../licenses/pricing';

export type { SupportLevel } from '../licenses/pricing';

/**
 * The licence price list as the pricing page shows it, in whole US dollars a year: read from
 * the one list checkout charges (`shared/licenses/pricing.ts`). Public-site section 9 prices
 * e-mail support at $60,000; the app's licence prices at $12,000; checkout's price wins.
 */
export function publicPrices() {
  const p = licensePrices;
  return {
    baseAnnual: p.baseAnnualCents / 100,
    includedUsers: p.includedUsers,
    userPackSize: p.userPackSize,
    perUserAnnual: p.userPackAnnualCents / p.userPackSize / 100,
    managedGpuAnnual: p.gpuAnnualCents / 100,
    hostedGpuAnnual: p.hostedGpuAnnualCents / 100,
    supportAnnual: { none: p.supportAnnualCents.none / 100, email: p.supportAnnualCents.email / 100, premium: p.supportAnnualCents.premium / 100 } satisfies Record<SupportLevel, number>,
  };
}

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
  return Math.ceil(n / licensePrices.userPackSize) * licensePrices.userPackSize;
}

/**
 * How the calculator read the users typed, when it priced another number (issue 31: never
 * silently): 5 → 'Raised to the minimum of 10 users.', 101 → 'Sold in packs of 10: rounded up to 110 users.'
 */
export function usersNote(typed: number): string | undefined {
  const billed = billableUsers(typed);
  if (billed === typed) return undefined;
  if (typed < minUsers) return `Raised to the minimum of ${minUsers} users.`;
  return `Sold in packs of ${licensePrices.userPackSize}: rounded up to ${billed} users.`;
}

/** Public-site 9's example: the defaults (100 users, 20 GPUs) with Premium support, $312,000 at the default prices. */
export const exampleForm = { numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'premium' } as const satisfies Omit<CalculatorForm, 'orgName'>;

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
  const prices = publicPrices();
  const users = billableUsers(form.numUsers);
  const extraUsers = users - prices.includedUsers;
  const gpus = Math.max(0, Math.floor(form.numGpus) || 0);
  const hostedGpus = Math.max(0, Math.floor(form.hostedGpus) || 0);
  const baseCost = prices.baseAnnual;
  const extraUsersCost = extraUsers * prices.perUserAnnual;
  const gpuCost = gpus * prices.managedGpuAnnual;
  const hostedGpuCost = hostedGpus * prices.hostedGpuAnnual;
  const supportCost = prices.supportAnnual[form.supportLevel];
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
