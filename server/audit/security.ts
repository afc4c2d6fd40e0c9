import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { soleUserIdByEmail } from './queries';
import { recordAudit } from './service';

/** A sign-in refused because the failure limit was passed: the account it named (when one has that address) sees it. */
export async function recordSignInLimited(deps: { db: Db; clock: Clock }, e: { email: string; ip: string; requestId?: string; reason: string; retryAfterSeconds: number }): Promise<void> {
  const subjectUserId = e.email ? await soleUserIdByEmail(deps.db, e.email) : null;
  await recordAudit(deps.db, {
    action: 'auth.sign_in.limited',
    ip: e.ip,
    requestId: e.requestId,
    target: { type: 'account', id: e.email.trim().toLowerCase().slice(0, 320) },
    subjectUserId,
    details: { reason: e.reason, retry_after_seconds: e.retryAfterSeconds },
    at: deps.clock.now(),
  });
}
