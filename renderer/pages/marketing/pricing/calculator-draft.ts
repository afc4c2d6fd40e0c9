import { type CalculatorForm, billableUsers, calculatorDefaults, formatUsd, minUsers, type PriceBreakdown, readCount, type SupportLevel } from '../../../../shared/marketing/license-calculator';

/** The calculator's inputs as typed: text, so a half-typed number is not snapped while typing. */
export interface CalculatorDraft {
  orgName: string;
  numUsers: string;
  numGpus: string;
  hostedGpus: string;
  supportLevel: SupportLevel;
}

export const defaultDraft: CalculatorDraft = {
  orgName: calculatorDefaults.orgName,
  numUsers: String(calculatorDefaults.numUsers),
  numGpus: String(calculatorDefaults.numGpus),
  hostedGpus: String(calculatorDefaults.hostedGpus),
  supportLevel: calculatorDefaults.supportLevel,
};

/** What the live table prices: unreadable counts count as their minimum (users 10, GPUs 0). */
export function formOf(draft: CalculatorDraft): CalculatorForm {
  return {
    orgName: draft.orgName,
    numUsers: readCount(draft.numUsers, minUsers),
    numGpus: readCount(draft.numGpus, 0),
    hostedGpus: readCount(draft.hostedGpus, 0),
    supportLevel: draft.supportLevel,
  };
}

/** The GPU counts of the form: a negative one is priced, and settles, as 0. */
export type GpuField = 'numGpus' | 'hostedGpus';

/** Why a typed GPU count became 0, for as long as the typed text was negative (public-site 5: GPU fields minimum 0). */
export const negativeGpusNote = "GPU count can't be negative: set to 0";

/** Whether the typed text is a negative number (blank and half-typed text are not). */
export function isNegative(text: string): boolean {
  return text.trim() !== '' && Number(text) < 0;
}

/** On leaving a field the text shows what is priced: users rounded up to a pack of 10, counts whole. */
export function settle(draft: CalculatorDraft): CalculatorDraft {
  const f = formOf(draft);
  return { ...draft, numUsers: String(billableUsers(f.numUsers)), numGpus: String(f.numGpus), hostedGpus: String(f.hostedGpus) };
}

/** Plain text of the quote, for pasting into an e-mail or a purchase request. */
export function quoteSummary(productName: string, orgName: string, price: PriceBreakdown): string {
  const lines = [
    `${productName} enterprise license estimate${orgName.trim() ? ` for ${orgName.trim()}` : ''}`,
    `Users: ${price.users} (base license includes 10; ${price.extraUsers} additional: ${formatUsd(price.extraUsersCost)})`,
    `Managed GPUs: ${price.gpus} (${formatUsd(price.gpuCost)})`,
  ];
  if (price.hostedGpus > 0) lines.push(`Hosted GPUs: ${price.hostedGpus} (${formatUsd(price.hostedGpuCost)})`);
  lines.push(`Support: ${price.supportLevel} (${formatUsd(price.supportCost)})`, `Total per year: ${formatUsd(price.total)}`);
  return lines.join('\n');
}
