import { apiErrorBody } from '../../../shared/api/errors';
import { dollarsToCents } from '../../../shared/api/billing';
import { ApiError } from '../../api/client';

export type TopupInput = { ok: true; email: string; amountCents: number } | { ok: false; message: string };

/** Checks the form before anything is sent: an email, and dollars that make at least one cent. */
export function readTopupForm(email: string, amount: string): TopupInput {
  const e = email.trim();
  if (e === '') return { ok: false, message: 'Enter the email of the user to top up' };
  const cents = dollarsToCents(amount);
  if (cents === null) return { ok: false, message: 'Enter an amount in US dollars greater than zero, e.g. 25 or 12.50' };
  return { ok: true, email: e, amountCents: cents };
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
