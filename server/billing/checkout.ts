import type { SupportLevel } from '../../shared/licenses/vocabulary';
import { appPath, type RoutePathName } from '../../shared/routes/app-paths';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatCents } from '../../shared/api/billing';
import type { Db } from '../db/client';
import { checkoutSessions, webhookEvents } from '../db/schema';
import { Conflict, NotFound, Unprocessable } from '../domain-errors';
import type { Clock } from '../clock';
import type { PaymentGateway } from './gateways/types';
import { applyMovements } from './ledger';
import type { CheckoutDocuments } from '../documents/payments';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
/** `license`: a pending licence's first payment; `license_renewal`: the licence it names continued by a successor. */
export type CheckoutPurpose = 'balance' | 'license' | 'license_renewal';

/**
 * What a paid checkout does besides being paid. `fulfil` runs in the transaction that marks the
 * session paid and answers `delivered`, or `nothing-to-deliver` when what was sold is had already
 * (a licence paid by another checkout or a bank transfer): that payment is then refunded.
 * `lock` runs first in that transaction, for rows that must be locked before the session row
 * (the licence), in the same order as checkout starts lock them, so the two never deadlock.
 */
export interface Fulfiller {
  lock?(tx: Db, checkout: CheckoutRow): Promise<void>;
  fulfil(tx: Db, checkout: CheckoutRow, at: Date): Promise<'delivered' | 'nothing-to-deliver'>;
}

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  publicUrl: string;
  fulfillers: Partial<Record<CheckoutPurpose, Fulfiller>>;
  logger?: Logger;
  /** tells the payer once the session is paid; never throws */
  onPaid?: (checkout: CheckoutRow) => Promise<void>;
  /** receipts and credit notes (INVOICING=on), issued in the transaction that records the payment or refund */
  documents?: CheckoutDocuments;
}

/** The terms a licence checkout sells, frozen on the session. */
export interface LicenseTerms {
  usersLimit: number;
  gpusLimit: number;
  supportLevel: SupportLevel;
}

export const sessionLifetimeMs = 60 * 60_000;

/** A random secret for the local checkout's owner grant and cookie; only its hash is stored. */
export const newOwnerToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** The screen a payment returns to, by what it pays for, and the `checkout` value it reads there. */
export const returnScreen: Record<CheckoutPurpose, RoutePathName> = { balance: 'balance', license: 'licenses', license_renewal: 'licenses' };
const returnOutcome: Record<CheckoutPurpose, Record<'success' | 'cancelled', string>> = {
  balance: { success: 'success', cancelled: 'cancelled' },
  license: { success: 'success', cancelled: 'cancelled' },
  license_renewal: { success: 'renewed', cancelled: 'renewal-cancelled' },
};
export const isPurpose = (p: string): p is CheckoutPurpose => Object.hasOwn(returnScreen, p);
/** Where the payer lands after paying or cancelling: the screen's path with `?checkout=…`. */
export const returnPath = (purpose: CheckoutPurpose, outcome: 'success' | 'cancelled') => `${appPath(returnScreen[purpose])}?checkout=${returnOutcome[purpose][outcome]}`;

export const creditBalance: Fulfiller = {
  async fulfil(tx, c, at) {
    await applyMovements(tx, c.userId, [{ amountCents: c.amountCents, kind: 'topup', idempotencyKey: `checkout:${c.id}`, reference: c.id, description: 'Funds added by card', at }]);
    return 'delivered';
  },
};

/** The 4xx for an amount the gateway cannot take in one payment: bank transfer is the way. */
export function aboveCardLimit(amountCents: number, maxCents: number, bankTransfer: boolean): Unprocessable {
  return new Unprocessable(
    bankTransfer
      ? `${formatCents(amountCents)} is more than a card payment can be (at most ${formatCents(maxCents)}): please pay by bank transfer`
      : `${formatCents(amountCents)} is more than one payment can be (at most ${formatCents(maxCents)})`,
    { amount_cents: amountCents, max_card_cents: maxCents, payment_methods: bankTransfer ? ['bank_transfer'] : [] },
  );
}

/**
 * Starts a payment. With `supersede` (a licence), every earlier open checkout of the same thing is
 * closed in the same transaction (and expired at the gateway), so at most one can still be paid;
 * `lock` runs first in that transaction so parallel starts for one licence queue.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  o: {
    userId: string;
    email: string;
    purpose: CheckoutPurpose;
    reference?: string;
    amountCents: number;
    description: string;
    terms?: LicenseTerms;
    supersede?: boolean;
    /** inside the start transaction, before anything else: lock (and re-check) what is sold */
    lock?: (tx: Db) => Promise<void>;
  },
): Promise<{ url: string; checkoutId: string }> {
  if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new Error(`checkout amounts are positive whole cents, got ${o.amountCents}`);
  if (o.amountCents > deps.gateway.maxAmountCents) throw aboveCardLimit(o.amountCents, deps.gateway.maxAmountCents, o.purpose === 'license');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const ownerToken = newOwnerToken();
  const { row, superseded } = await deps.db.transaction(async (tx) => {
    await o.lock?.(tx);
    const closed =
      o.supersede && o.reference
        ? await tx
            .update(checkoutSessions)
            .set({ status: 'expired' })
            .where(and(eq(checkoutSessions.purpose, o.purpose), eq(checkoutSessions.reference, o.reference), eq(checkoutSessions.status, 'open')))
            .returning()
        : [];
    const [inserted] = await tx
      .insert(checkoutSessions)
      .values({
        userId: o.userId,
        gateway: deps.gateway.name,
        purpose: o.purpose,
        reference: o.reference ?? null,
        amountCents: o.amountCents,
        usersLimit: o.terms?.usersLimit ?? null,
        gpusLimit: o.terms?.gpusLimit ?? null,
        supportLevel: o.terms?.supportLevel ?? null,
        ownerTokenHash: tokenHash(ownerToken),
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('checkout insert returned nothing');
    return { row: inserted, superseded: closed };
  });
  await expireAtGateway(deps, superseded);
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const { url, externalId } = await deps.gateway.createSession({
    checkoutId: row.id,
    amountCents: o.amountCents,
    description: o.description,
    customerEmail: o.email,
    successUrl: `${origin}${returnPath(o.purpose, 'success')}`,
    cancelUrl: `${origin}${returnPath(o.purpose, 'cancelled')}`,
    expiresAt,
    ownerToken,
  });
  // A newer checkout may have closed this one while the gateway session was being made: it saw no
  // external id to expire, so this side does it (whichever update runs second sees the other's write).
  const [after] = await deps.db.update(checkoutSessions).set({ externalId }).where(eq(checkoutSessions.id, row.id)).returning();
  if (after && after.status !== 'open') await expireAtGateway(deps, [after]);
  return { url, checkoutId: row.id };
}

async function expireAtGateway(deps: CheckoutDeps, rows: CheckoutRow[]): Promise<void> {
  for (const r of rows) {
    if (!r.externalId || r.gateway !== deps.gateway.name) continue;
    // A failure here is not fatal: a payment of that session that still arrives is refunded.
    await deps.gateway.expireSession(r.externalId).catch((err: unknown) => deps.logger?.warn({ err, checkoutId: r.id }, 'could not expire a superseded checkout session at the gateway'));
  }
}

/** Closes the open checkouts of one thing (a licence paid by bank transfer), here and at the gateway. */
export async function closeOpenCheckouts(deps: CheckoutDeps, purpose: CheckoutPurpose, reference: string): Promise<void> {
  const closed = await deps.db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.purpose, purpose), eq(checkoutSessions.reference, reference), eq(checkoutSessions.status, 'open')))
    .returning();
  await expireAtGateway(deps, closed);
}

/**
 * The one fulfilment path, used by the Stripe webhook and the local checkout page alike. One
 * transaction locks the session, applies the purpose and marks the session paid; paying twice
 * changes nothing the second time. A payment for something had already (a licence paid by
 * another checkout) is refused on the local page, and refunded at the gateway otherwise: the
 * session is recorded `refund_due`, then `refunded` with the gateway's refund id.
 */
export async function fulfilCheckout(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'fulfillers' | 'gateway' | 'logger' | 'onPaid' | 'documents'>,
  checkoutId: string,
  opts: { paidAtGateway?: boolean; paymentRef?: string | null } = {},
): Promise<CheckoutRow> {
  const [first] = await deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId));
  if (!first) throw new NotFound('Checkout session not found');
  if (first.status === 'paid' || first.status === 'refunded') return first;
  const fulfiller = deps.fulfillers[first.purpose as CheckoutPurpose];
  if (!fulfiller) throw new Error(`no fulfilment for ${first.purpose}`);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx): Promise<{ row: CheckoutRow; refused?: string }> => {
    await fulfiller.lock?.(tx, first);
    const [c] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId)).for('update');
    if (!c) throw new NotFound('Checkout session not found');
    if (c.status === 'paid' || c.status === 'refunded' || c.status === 'refund_due') return { row: c };
    // The local page refuses a closed session. A payment provider that says the money was taken
    // wins over our record of the session closing: refusing would keep the money and deliver nothing
    // (and a 409 would make the provider retry the event forever).
    if (c.status !== 'open' && !opts.paidAtGateway) return { row: c, refused: `This checkout session is ${c.status}` };
    const paymentRef = opts.paymentRef ?? c.paymentRef;
    if ((await fulfiller.fulfil(tx, c, now)) === 'delivered') {
      const [paid] = await tx
        .update(checkoutSessions)
        .set({ status: 'paid', completedAt: now, paymentRef })
        .where(and(eq(checkoutSessions.id, c.id), ne(checkoutSessions.status, 'paid')))
        .returning();
      if (paid) await deps.documents?.paid(tx, paid, now);
      return { row: paid ?? c };
    }
    if (!opts.paidAtGateway) {
      await tx.update(checkoutSessions).set({ status: 'cancelled' }).where(eq(checkoutSessions.id, c.id));
      return { row: c, refused: 'This license is paid already: nothing was charged' };
    }
    const [due] = await tx.update(checkoutSessions).set({ status: 'refund_due', completedAt: now, paymentRef }).where(eq(checkoutSessions.id, c.id)).returning();
    // the money was taken: its receipt now, the credit note when it is sent back
    if (due) await deps.documents?.paid(tx, due, now);
    return { row: due ?? c };
  });
  if (result.refused) throw new Conflict(result.refused);
  if (result.row.status === 'refund_due') return refundCheckout(deps, result.row);
  if (result.row.status === 'paid') await deps.onPaid?.(result.row);
  return result.row;
}

/** Sends back a payment that bought nothing; retried (idempotently, one refund at the gateway) until it succeeds. */
async function refundCheckout(deps: Pick<CheckoutDeps, 'db' | 'clock' | 'gateway' | 'logger' | 'documents'>, c: CheckoutRow): Promise<CheckoutRow> {
  if (!c.paymentRef) {
    // Recorded for an administrator to settle by hand; failing the webhook would only repeat this.
    deps.logger?.error({ checkoutId: c.id }, 'a duplicate payment must be refunded but the gateway gave no payment reference');
    return c;
  }
  const refundRef = await deps.gateway.refund(c.paymentRef, `refund-${c.id}`);
  const at = deps.clock.now();
  const refunded = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkoutSessions)
      .set({ status: 'refunded', refundRef, refundedAt: at })
      .where(and(eq(checkoutSessions.id, c.id), eq(checkoutSessions.status, 'refund_due')))
      .returning();
    if (row) await deps.documents?.refunded(tx, row, at);
    return row;
  });
  deps.logger?.info({ checkoutId: c.id, refundRef }, 'refunded a payment for a licence that was paid already');
  return refunded ?? { ...c, status: 'refunded', refundRef };
}

export async function closeCheckout(db: Db, checkoutId: string, status: 'expired' | 'cancelled'): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status })
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')));
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

/** Records a gateway event id; false when it was seen before (a replay). */
export async function firstSighting(db: Db, gateway: string, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values({ id, gateway, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/** Forgets an event whose handling failed, so the gateway's retry is handled. */
export async function forgetEvent(db: Db, id: string): Promise<void> {
  await db.delete(webhookEvents).where(eq(webhookEvents.id, id));
}
