import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { licensePrices, minEnterpriseUsers, trialLimits } from '../../../shared/licenses/pricing';
import { formatDollars } from '../../shell/licenses/format';

/** What each of the three cards says. Prices and limits come from the shared pricing module. */
export interface LicenseCard {
  type: LicenseType;
  title: string;
  /** the short name used in the list of licenses */
  shortName: string;
  price: string;
  priceNote: string;
  summary: string;
  features: string[];
  /** the card's select button */
  action: string;
}

const perYear = (cents: number) => `${formatDollars(cents)} a year`;

export const licenseCards: readonly LicenseCard[] = [
  {
    type: 'community',
    title: 'Free Community Edition',
    shortName: 'Community Edition',
    price: 'Free',
    priceNote: 'renewable every year',
    summary: 'For organisations with under $10M annual revenue and under 250 employees.',
    features: ['Self-hosted on your own infrastructure', 'Your data stays under your control', 'Key issued instantly'],
    action: 'Get Community Edition',
  },
  {
    type: 'trial',
    title: 'Enterprise Trial',
    shortName: 'Enterprise Trial',
    price: 'Free',
    priceNote: `for ${trialLimits.days} days`,
    summary: 'Evaluate every enterprise feature before you buy.',
    features: [`Up to ${trialLimits.users} users and ${trialLimits.gpus} GPUs`, `Valid for ${trialLimits.days} days`, 'One active trial at a time'],
    action: 'Start Enterprise Trial',
  },
  {
    type: 'enterprise',
    title: 'Enterprise Pro',
    shortName: 'Enterprise Pro',
    price: formatDollars(licensePrices.baseAnnualCents),
    priceNote: `a year (${formatDollars(licensePrices.baseAnnualCents / 12)} a month)`,
    summary: `Production license for ${minEnterpriseUsers} users and more, billed annually.`,
    features: [
      `Includes ${licensePrices.includedUsers} users; more in packs of ${licensePrices.userPackSize} at ${perYear(licensePrices.userPackAnnualCents)}`,
      `GPUs at ${perYear(licensePrices.gpuAnnualCents)} each`,
      `Email support ${perYear(licensePrices.supportAnnualCents.email)}, premium ${perYear(licensePrices.supportAnnualCents.premium)}`,
    ],
    action: 'Configure Enterprise Pro',
  },
];

export function cardOf(type: LicenseType): LicenseCard {
  const card = licenseCards.find((c) => c.type === type);
  if (!card) throw new Error(`unknown license type ${type}`);
  return card;
}
