import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkoutSessions, webhookEvents } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { Clock } from '../clock';
import type { PaymentGateway } from './gateways/types';
import { record } from './ledger';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type CheckoutPurpose = 'balance' | 'license';

/** What a paid checkout does besides being paid: idempotent, keyed by the checkout id. */
export type Fulfiller = (db: Db, checkout: CheckoutRow, at: Date) => Promise<void>;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  publicUrl: string;
  fulfillers: Partial<Record<CheckoutPurpose, Fulfiller>>;
}

const sessionLifetimeMs = 60 * 60_000;
const returnPath: Record<CheckoutPurpose, string> = { balance: '/balance', license: '/licenses' };

export const creditBalance: Fulfiller = async (db, c, at) => {
  await record(db, { userId: c.userId, amountCents: c.amountCents, kind: 'topup', idempotencyKey: `checkout:${c.id}`, reference: c.id, description: 'Funds added by card', at });
};

export async function startCheckout(deps: CheckoutDeps, o: { userId: string; email: string; purpose: CheckoutPurpose; reference?: string; amountCents: number; description: string }): Promise<{ url: string }> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const [row] = await deps.db
    .insert(checkoutSessions)
    .values({ userId: o.userId, gateway: deps.gateway.name, purpose: o.purpose, reference: o.reference ?? null, amountCents: o.amountCents, expiresAt, createdAt: now })
    .returning();
  if (!row) throw new Error('checkout insert returned nothing');
  const back = `${deps.publicUrl}${returnPath[o.purpose]}`;
  const { url, externalId } = await deps.gateway.createSession({
    checkoutId: row.id,
    amountCents: o.amountCents,
    description: o.description,
    customerEmail: o.email,
    successUrl: `${back}?checkout=success`,
    cancelUrl: `${back}?checkout=cancelled`,
    expiresAt,
  });
  await deps.db.update(checkoutSessions).set({ externalId }).where(eq(checkoutSessions.id, row.id));
  return { url };
}

/**
 * The one fulfilment path, used by the Stripe webhook and the local checkout page alike: apply
 * the purpose (idempotent), then mark the session paid. Paying twice changes nothing the second time.
 */
export async function fulfilCheckout(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'fulfillers'>,
  checkoutId: string,
  opts: { paidAtGateway?: boolean } = {},
): Promise<CheckoutRow> {
  const [c] = await deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId));
  if (!c) throw notFound('Checkout session not found');
  if (c.status === 'paid') return c;
  // The local page refuses a closed session. A payment provider that says the money was taken
  // wins over our record of the session closing: refusing would keep the money and credit nothing
  // (and a 409 would make the provider retry the event forever).
  if (c.status !== 'open' && !opts.paidAtGateway) throw new HttpError(409, `This checkout session is ${c.status}`);
  const now = deps.clock.now();
  const fulfil = deps.fulfillers[c.purpose as CheckoutPurpose];
  if (!fulfil) throw new Error(`no fulfilment for ${c.purpose}`);
  await fulfil(deps.db, c, now);
  await deps.db.update(checkoutSessions).set({ status: 'paid', completedAt: now }).where(and(eq(checkoutSessions.id, c.id), ne(checkoutSessions.status, 'paid')));
  return { ...c, status: 'paid', completedAt: now };
}

export async function closeCheckout(db: Db, checkoutId: string, status: 'expired' | 'cancelled'): Promise<void> {
  await db.update(checkoutSessions).set({ status }).where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')));
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
