import { formatCents } from '../api/billing';

/** The shares of a monthly spend limit at which the account is told (once a month each). */
export const spendLimitThresholds = [80, 100] as const;
export type SpendLimitThreshold = (typeof spendLimitThresholds)[number];

/** The first instant of the UTC month `at` is in: spend limits count from here. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** `2026-11`: names the month in notices' dedupe keys. */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/** The highest threshold the spend has reached, if any. */
export function thresholdReached(spentCents: number, limitCents: number): SpendLimitThreshold | undefined {
  return [...spendLimitThresholds].reverse().find((t) => spentCents * 100 >= limitCents * t);
}

/** Whether a create whose first hour costs `rateCents` would take the month's spend past the limit. */
export function wouldExceed(spentCents: number, rateCents: number, limitCents: number | null): boolean {
  return limitCents !== null && rateCents > 0 && spentCents + rateCents > limitCents;
}

/** Why a create is refused, with the figures. */
export function spendLimitRefusal(spentCents: number, rateCents: number, limitCents: number): string {
  return (
    `This deployment would take this month's spend to ${formatCents(spentCents + rateCents)}, past your monthly spend limit of ${formatCents(limitCents)}: ` +
    `${formatCents(spentCents)} spent so far this month and its first hour costs ${formatCents(rateCents)}. Raise or remove the limit on the Balance page to create it.`
  );
}
