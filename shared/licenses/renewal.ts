/**
 * Renew (issue 30): a licensee continues an enterprise licence on the same terms, from 30 days
 * before it ends (and after it has ended). The server decides with these rules and sends the
 * price on the licence, so the Licenses page shows Renew exactly when the server takes it.
 * Issue 45: a Community Edition licence (free, a year at a time) renews the same way, free of
 * charge and at once. An Enterprise Trial does not: it is 14 days once (spec 9); Enterprise Pro
 * continues it.
 */
import { formatDate } from '../format/dates';
import { quoteEnterprise } from './pricing';
import type { SupportLevel } from './vocabulary';

export const renewWindowDays = 30;
/** From this many days before its end a licence row says "Expires in N days" (before Renew opens). */
export const expiryHintDays = 60;
const dayMs = 86_400_000;
const weeksPerYear = 52;
/** An enterprise licence bought here runs a year (server/licenses/service.ts). */
export const enterpriseYearMs = 365 * dayMs;

export interface RenewableLicence {
  type: string;
  status: string;
  perpetual: boolean;
  expiresAt: Date | null;
  usersLimit: number | null;
  gpusLimit: number | null;
  supportLevel: SupportLevel;
  /** weeks an administrator gave it; null: a year */
  durationWeeks: number | null;
  renewedBy: string | null;
}

/** When Renew opens: 30 days before the end. */
export const renewableFrom = (expiresAt: Date) => new Date(expiresAt.getTime() - renewWindowDays * dayMs);

/** Why this licence cannot be renewed now, in words for the licensee; undefined when it can. */
export function renewRefusal(l: RenewableLicence, now: Date): string | undefined {
  if (l.type === 'trial') return 'An Enterprise Trial cannot be renewed: create an Enterprise Pro license to continue';
  if (l.status === 'pending') return 'This license is waiting for its first payment: use Pay Now';
  if (l.status !== 'active') return 'This license was revoked and cannot be renewed';
  if (l.renewedBy) return `This license was renewed already: the new license is ${l.renewedBy}`;
  if (l.perpetual || !l.expiresAt) return 'This license does not expire';
  if (l.type === 'enterprise' && l.usersLimit === null) return 'This license has no user limit to price: contact us to renew it';
  const from = renewableFrom(l.expiresAt);
  if (now < from) return `This license can be renewed from ${renewWindowDays} days before it expires, from ${formatDate(from, 'UTC')}`;
  return undefined;
}

/** Whether renewing it costs nothing (Community Edition: renewed at once, without a checkout). */
export const renewsFree = (l: Pick<RenewableLicence, 'type'>) => l.type === 'community';

/** What a renewal sells: the same limits and support for the same period, priced from the list in force (a Community Edition year is free). */
export function renewalTerms(l: RenewableLicence): { usersLimit: number; gpusLimit: number; supportLevel: SupportLevel; periodMs: number; amountCents: number } {
  const usersLimit = l.usersLimit ?? 0;
  const gpusLimit = l.gpusLimit ?? 0;
  const annual = renewsFree(l) ? 0 : quoteEnterprise({ users: usersLimit, gpus: gpusLimit, support: l.supportLevel }).annualCents;
  const weeks = l.durationWeeks !== null && l.durationWeeks > 0 ? l.durationWeeks : null;
  return {
    usersLimit,
    gpusLimit,
    supportLevel: l.supportLevel,
    periodMs: weeks === null ? enterpriseYearMs : weeks * 7 * dayMs,
    amountCents: weeks === null ? annual : Math.round((annual * weeks) / weeksPerYear),
  };
}

/** The successor's end: the period added to the current end, or to now once that has passed. */
export function renewedUntil(expiresAt: Date, periodMs: number, now: Date): Date {
  const from = expiresAt > now ? expiresAt : now;
  return new Date(from.getTime() + periodMs);
}

/** The renewal's price and new end if paid now (on the licence's wire form); null while Renew is not offered. */
export function renewalOffer(l: RenewableLicence, now: Date): { amount_cents: number; until: string } | null {
  if (renewRefusal(l, now) !== undefined || !l.expiresAt) return null;
  const t = renewalTerms(l);
  return { amount_cents: t.amountCents, until: renewedUntil(l.expiresAt, t.periodMs, now).toISOString() };
}

/**
 * Whole days until a licence with an end date ends, while that is at most `expiryHintDays` away
 * (0: it ends today); undefined for one without an end, further off, or already ended.
 */
export function daysUntilExpiry(expires: Date | null, now: Date): number | undefined {
  if (!expires) return undefined;
  const ms = expires.getTime() - now.getTime();
  if (ms <= 0 || ms > expiryHintDays * dayMs) return undefined;
  return Math.floor(ms / dayMs);
}
