import { apiErrorBody } from '../../../shared/api/errors';
import { dollarsToCents, formatCents } from '../../../shared/api/billing';
import { ApiError } from '../../api/client';

export type TopupInput = { ok: true; email: string; amountCents: number; reason: string } | { ok: false; message: string };

/**
 * Checks the form before anything is sent: an email (when the form asks for one), dollars that make
 * at least one cent and no more than the maximum, and a reason.
 */
export function readTopupForm(form: { email: string; amount: string; reason: string }, maxCents: number | undefined): TopupInput {
  const email = form.email.trim();
  if (email === '') return { ok: false, message: 'Enter the email of the user to top up' };
  const cents = dollarsToCents(form.amount);
  if (cents === null) return { ok: false, message: 'Enter an amount in US dollars greater than zero, e.g. 25 or 12.50' };
  if (maxCents !== undefined && cents > maxCents) return { ok: false, message: `A top-up can be at most ${formatCents(maxCents)}` };
  const reason = form.reason.trim();
  if (reason === '') return { ok: false, message: 'Please give a reason for the top-up' };
  return { ok: true, email, amountCents: cents, reason };
}

export const topupFailed = 'Failed to top up balance';

/** The server's error text ("No user with the email …", field problems), or the spec's fallback. */
export function topupErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const body = apiErrorBody.safeParse(err.body);
    if (!body.success) return topupFailed;
    const details = Array.isArray(body.data.details)
      ? body.data.details.map((d: unknown) => (d && typeof d === 'object' && 'message' in d && typeof d.message === 'string' ? d.message : '')).filter(Boolean)
      : [];
    return details.length > 0 ? `${body.data.error}: ${details.join('; ')}` : body.data.error;
  }
  return err instanceof Error && err.message ? err.message : topupFailed;
}
