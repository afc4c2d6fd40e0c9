import { eq } from 'drizzle-orm';
import { renewalTerms, renewedUntil, renewRefusal } from '../../shared/licenses/renewal';
import { formatDate } from '../../shared/format/dates';
import { recordAudit } from '../audit/service';
import { startCheckout, type Fulfiller } from '../billing/checkout';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { AuthUser } from '../http/types';
import { licenceRenewed } from '../notifications/licence-events';
import { findForUser, updateLicense } from './queries';
import { insertSuccessor, lockLicense, termsOver, type LicenseDeps } from './service';

/**
 * Renew: the licensee pays the same terms again and a successor licence (a new id and key, valid
 * from now until the old end plus one period) continues the old one, which stays valid until it
 * ends, so installations switch keys at leisure. A new id, as for an administrator's change: the
 * key's `valid_until` is signed with its id, and pings match installations by the key's hash.
 */

/** Starts the renewal's checkout. 404 for a licence that is not the caller's; 409 outside the window or once renewed. */
export async function startRenewal(deps: LicenseDeps, user: AuthUser, id: string): Promise<{ checkout_url: string }> {
  const row = await findForUser(deps.db, id, user.account.id, user.account.email);
  if (!row) throw notFound('License not found');
  const refusal = renewRefusal(row, deps.clock.now());
  if (refusal) throw conflict(refusal);
  const t = renewalTerms(row);
  const until = row.expiresAt ? renewedUntil(row.expiresAt, t.periodMs, deps.clock.now()) : undefined;
  const { url } = await startCheckout(deps.checkout, {
    userId: user.account.id,
    email: user.email,
    purpose: 'license_renewal',
    reference: row.id,
    amountCents: t.amountCents,
    description: `Renewal of the Enterprise Pro license ${row.id} for ${row.organizationName} (${t.usersLimit} users, ${t.gpusLimit} GPUs, ${t.supportLevel} support)${until ? ` until ${formatDate(until, 'UTC')}` : ''}`,
    terms: { usersLimit: t.usersLimit, gpusLimit: t.gpusLimit, supportLevel: t.supportLevel },
    // parallel Renew clicks queue on the licence row; each closes the one before, so one can be paid
    supersede: true,
    async lock(tx) {
      const locked = await lockLicense(tx, row.id);
      const again = locked ? renewRefusal(locked, deps.clock.now()) : 'License not found';
      if (again) throw conflict(again);
    },
  });
  return { checkout_url: url };
}

async function emailOf(tx: Db, userId: string, fallback: string): Promise<string> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? fallback;
}

/**
 * What a paid renewal does, once: the successor with the terms frozen on the checkout, the old
 * licence marked renewed, the audit event and the licensee's notice, in the payment's transaction.
 * A second payment (a superseded session paid at Stripe anyway) finds it renewed and is refunded.
 */
export function renewalFulfiller(deps: LicenseDeps): Fulfiller {
  return {
    async lock(tx, c) {
      if (c.reference) await lockLicense(tx, c.reference);
    },
    async fulfil(tx, c, at) {
      const old = c.reference ? await lockLicense(tx, c.reference) : undefined;
      if (!old || old.status !== 'active' || old.renewedBy || !old.expiresAt) return 'nothing-to-deliver';
      const t = renewalTerms(old);
      const expiresAt = renewedUntil(old.expiresAt, t.periodMs, at);
      const marks = { userId: old.userId ?? c.userId, status: 'active', paymentStatus: 'paid', perpetual: false, createdByAdmin: null } as const;
      const next = await insertSuccessor(deps, tx, old, { ...termsOver(t, c), ...marks }, at, expiresAt);
      const renewed = (await updateLicense(tx, old.id, { renewedBy: next.id })) ?? old;
      await recordAudit(tx, {
        actor: { id: c.userId, email: await emailOf(tx, c.userId, old.email) },
        action: 'license.renewed',
        target: { type: 'licence', id: old.id },
        subjectUserId: next.userId,
        details: {
          organization_name: old.organizationName,
          new_license_id: next.id,
          checkout_id: c.id,
          amount_cents: c.amountCents,
          expires: expiresAt.toISOString(),
          users_limit: next.usersLimit,
          gpus_limit: next.gpusLimit,
          support_level: next.supportLevel,
        },
        at,
      });
      await licenceRenewed({ ...deps.notices, db: tx }, renewed, next);
      return 'delivered';
    },
  };
}
