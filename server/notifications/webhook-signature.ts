import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every alert delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks. */
export const signatureHeader = 'X-Launchpad-Signature';

/** How far a receiver should accept a signature's time from its own clock (replays older than this are refused). */
export const signatureToleranceSeconds = 300;

const mac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signPayload(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/**
 * What a receiver does with the header: the signature must be the body's under the shared secret
 * and its time within the tolerance. Here for tests and as the receivers' reference.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, now: Date, toleranceSeconds = signatureToleranceSeconds): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(mac(secret, t, body), 'hex'));
}
