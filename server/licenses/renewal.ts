import { and, eq, isNull } from 'drizzle-orm';
import { renewalTerms, renewedUntil, renewRefusal, renewsFree } from '../../shared/licenses/renewal';
import { formatDate } from '../../shared/format/dates';
import { recordAudit } from '../audit/service';
import { startCheckout, type Fulfiller } from '../billing/checkout';
import type { Db } from '../db/client';
import { licenses, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { AuthUser } from '../http/types';
import { licenceRenewed } from '../notifications/licence-events';
import { findForUser, insertLicense, updateLicense, type LicenseRow } from './queries';
import { insertSuccessor, lockLicense, newLicenseId, termsOver, type LicenseDeps } from './service';

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
  const refusal = renewRefusal(row, deps.clock.now()) ?? (renewsFree(row) ? freeRenewalRefusal : undefined);
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

/**
 * Renew by bank transfer: the successor is made now, waiting for its payment like a new licence
 * (its own wire reference and, with INVOICING, its invoice), and marked paid by an administrator
 * when the transfer arrives; it then continues the old licence as a card renewal does. Asking
 * again answers the same waiting successor. 404 for a licence that is not the caller's; 409
 * outside the window, once renewed, or where bank transfer is not offered.
 */
export async function startTransferRenewal(deps: LicenseDeps, user: AuthUser, id: string): Promise<LicenseRow> {
  const row = await findForUser(deps.db, id, user.account.id, user.account.email);
  if (!row) throw notFound('License not found');
  if (!deps.bankTransfer) throw conflict('Bank transfer is not offered here: please renew by card');
  if (renewsFree(row)) throw conflict(freeRenewalRefusal);
  return deps.db.transaction(async (tx) => {
    const old = await lockLicense(tx, row.id);
    const refusal = old ? renewRefusal(old, deps.clock.now()) : 'License not found';
    if (!old || refusal) throw conflict(refusal ?? 'License not found');
    const [waiting] = await tx
      .select()
      .from(licenses)
      .where(and(eq(licenses.renews, old.id), eq(licenses.paymentStatus, 'pending'), isNull(licenses.hiddenAt)));
    if (waiting) return waiting;
    const t = renewalTerms(old);
    const at = deps.clock.now();
    const next = await insertLicense(tx, {
      id: newLicenseId(),
      userId: old.userId ?? user.account.id,
      email: old.email,
      type: 'enterprise',
      organizationName: old.organizationName,
      usersLimit: t.usersLimit,
      gpusLimit: t.gpusLimit,
      supportLevel: t.supportLevel,
      durationWeeks: old.durationWeeks,
      status: 'pending',
      paymentStatus: 'pending',
      renews: old.id,
      createdAt: at,
    });
    await recordAudit(tx, {
      actor: { id: user.account.id, email: user.email },
      action: 'license.renewal_requested',
      target: { type: 'licence', id: old.id },
      subjectUserId: next.userId,
      details: { organization_name: old.organizationName, new_license_id: next.id, amount_cents: t.amountCents, method: 'bank_transfer' },
      at,
    });
    await deps.documents?.created(tx, next, at);
    return next;
  });
}

const freeRenewalRefusal = 'A Community Edition license is renewed free of charge, without a payment';

/**
 * Renew a Community Edition licence: free, so at once. A successor with a new key runs a year from
 * the old end (or from now once that passed), in one transaction with the old one's renewed mark,
 * the audit event and the licensee's notice. 404 for a licence that is not the caller's; 409 for a
 * paid type, outside the window, or once renewed.
 */
export async function renewFree(deps: LicenseDeps, user: AuthUser, id: string): Promise<LicenseRow> {
  const row = await findForUser(deps.db, id, user.account.id, user.account.email);
  if (!row) throw notFound('License not found');
  if (!renewsFree(row)) throw conflict(renewRefusal(row, deps.clock.now()) ?? 'This license is renewed with a payment: use Renew');
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const old = await lockLicense(tx, row.id);
    const refusal = old ? renewRefusal(old, at) : 'License not found';
    if (!old?.expiresAt || refusal) throw conflict(refusal ?? 'This license does not expire');
    const expiresAt = renewedUntil(old.expiresAt, renewalTerms(old).periodMs, at);
    const marks = { userId: old.userId ?? user.account.id, status: 'active', paymentStatus: 'none', perpetual: false, createdByAdmin: null } as const;
    const next = await insertSuccessor(deps, tx, old, marks, at, expiresAt);
    const renewed = (await updateLicense(tx, old.id, { renewedBy: next.id })) ?? old;
    await recordAudit(tx, {
      actor: { id: user.account.id, email: user.email },
      action: 'license.renewed',
      target: { type: 'licence', id: old.id },
      subjectUserId: next.userId,
      details: { organization_name: old.organizationName, new_license_id: next.id, amount_cents: 0, expires: expiresAt.toISOString() },
      at,
    });
    await licenceRenewed({ ...deps.notices, db: tx }, renewed, next);
    return next;
  });
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
      // a renewal that waited for a bank transfer is not wanted any more: it leaves the licensee's list
      await tx
        .update(licenses)
        .set({ hiddenAt: at })
        .where(and(eq(licenses.renews, old.id), eq(licenses.paymentStatus, 'pending')));
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
