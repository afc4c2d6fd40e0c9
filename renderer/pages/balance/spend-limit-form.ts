import { dollarsToCents, formatCents, spendLimitMaxCents, spendLimitMinCents } from '../../../shared/api/billing';

/** The limit typed in dollars → cents, or why it cannot be saved. */
export function parseLimit(input: string): { cents: number } | { error: string } {
  const cents = dollarsToCents(input);
  if (cents === null) return { error: 'Please enter the limit in dollars, e.g. 50' };
  if (cents < spendLimitMinCents) return { error: `The limit must be at least ${formatCents(spendLimitMinCents)}` };
  if (cents > spendLimitMaxCents) return { error: `The limit can be at most ${formatCents(spendLimitMaxCents)}` };
  return { cents };
}

/** How much of the limit this month has used, 0–100 (a spend past the limit shows full). */
export const usedPercent = (spent: number, limit: number): number => Math.min(100, Math.max(0, Math.floor((spent * 100) / limit)));
