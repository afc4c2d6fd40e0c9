import type { License } from '../../../shared/api/licenses';
import type { LicenseType } from '../../../shared/licenses/vocabulary';
import type { SupportLevel } from '../../../shared/licenses/pricing';
import { formatDate } from '../../../shared/format/dates';
import { daysUntilExpiry } from '../../../shared/licenses/renewal';

/** payment_status pending reads PAYMENT PENDING; any other license shows its status upper-cased (spec). */
/** A revoked licence that an administrator's change took the place of reads REPLACED: its successor is the one to use. */
export function statusLabel(l: Pick<License, 'status' | 'payment_status'> & { replaced_by?: string | null }): string {
  if (l.payment_status === 'pending') return 'PAYMENT PENDING';
  if (l.status === 'revoked' && l.replaced_by) return 'REPLACED';
  return l.status.toUpperCase();
}

export type StatusTone = 'ok' | 'warn' | 'danger' | 'muted';

/** The one colour map of licence words: a status (active, expired, revoked) or a payment status (pending, paid). */
const wordTones: Partial<Record<string, StatusTone>> = { active: 'ok', paid: 'ok', pending: 'warn', expired: 'danger', revoked: 'danger' };

export function wordTone(word: string): StatusTone {
  return wordTones[word] ?? 'muted';
}

/** A licence's one badge: payment pending first, else its status. */
export function statusTone(l: Pick<License, 'status' | 'payment_status'>): StatusTone {
  return wordTone(l.payment_status === 'pending' ? 'pending' : l.status);
}

export function isPaymentPending(l: Pick<License, 'payment_status'>): boolean {
  return l.payment_status === 'pending';
}

const typeNames: Record<LicenseType, string> = { community: 'Community Edition', trial: 'Enterprise Trial', enterprise: 'Enterprise Pro' };

export function typeLabel(type: LicenseType): string {
  return typeNames[type];
}

const supportNames: Record<SupportLevel, string> = { none: 'None', email: 'Email Support', premium: 'Premium Support' };

export function supportLabel(level: SupportLevel): string {
  return supportNames[level];
}

/** A stored date in the one date format of the screens; '—' when it cannot be read. */
export { formatDate };

/** A license without an expiry never expires (spec: Never when none). */
export function expiryLabel(expires: string | null | undefined): string {
  return expires ? formatDate(expires) : 'Never';
}

/**
 * The user's list: a license still waiting for payment has no expiry yet because its year starts
 * when the payment arrives, which "Never" would misstate.
 */
export function userExpiryLabel(l: Pick<License, 'expires' | 'payment_status'>): string {
  return !l.expires && l.payment_status === 'pending' ? '1 year from payment' : expiryLabel(l.expires);
}

/** A blank limit is not enforced by installations. */
export function limitLabel(n: number | null): string {
  return n === null ? 'No limit' : n.toLocaleString('en-US');
}

/** Whole dollars without cents ($12,000), other amounts with them ($1,234.50). */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

/**
 * "Expires in N days" from 60 days before the end of any licence that has one and is in use
 * (issue 45: before, only Renew said so, 30 days ahead and only for Enterprise Pro); none once a
 * renewal continues it, or for one revoked or waiting for its payment.
 */
export function expiresSoonLabel(l: Pick<License, 'expires' | 'status' | 'payment_status' | 'renewed_by'>, now: Date): string | undefined {
  if (!l.expires || l.status !== 'active' || l.payment_status === 'pending' || l.renewed_by) return undefined;
  const days = daysUntilExpiry(new Date(l.expires), now);
  if (days === undefined) return undefined;
  return days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`;
}
