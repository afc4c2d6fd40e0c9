import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { supportLevels } from '../../../shared/licenses/vocabulary';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';
import { ownerId, users } from './auth';

/**
 * The money ledger: append-only (a trigger refuses updates and deletes), integer cents, one row
 * per movement. `balance_after_cents` is the user's balance once this row is applied, written in
 * the same transaction under a lock on the user, so the balance is always the newest row's.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuidId(),
    userId: ownerId(),
    /** positive credits, negative debits */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** unique per movement: retries and replays of the same movement are refused by the database */
    idempotencyKey: text('idempotency_key').notNull(),
    /** what it is about: a deployment, checkout session, admin */
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_idempotency').on(t.idempotencyKey), index('ledger_user_created').on(t.userId, t.createdAt), index('ledger_reference').on(t.reference)],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuidId(),
    userId: ownerId(),
    gateway: text('gateway').notNull(),
    externalId: text('external_id'),
    purpose: text('purpose').notNull(),
    /** what is being paid for besides balance (a license id) */
    reference: text('reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** open, paid, expired, cancelled, or refunded (paid, but the money was sent back: the licence was paid already) */
    status: text('status').notNull().default('open'),
    /** a licence checkout's terms, frozen when the checkout starts: what activation grants */
    usersLimit: integer('users_limit'),
    gpusLimit: integer('gpus_limit'),
    supportLevel: text('support_level', { enum: supportLevels }),
    /** the gateway's payment (Stripe payment intent), needed to refund it */
    paymentRef: text('payment_ref'),
    /** the gateway's refund id (Stripe `re_…`, or the ledger key of a local credit-back) */
    refundRef: text('refund_ref'),
    refundedAt: timestamptz('refunded_at'),
    /** local checkout: SHA-256 of the secret that proves the owner's browser (a one-time grant, then the cookie it was exchanged for) */
    ownerTokenHash: text('owner_token_hash'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [uniqueIndex('checkout_external').on(t.gateway, t.externalId), index('checkout_user').on(t.userId), index('checkout_reference').on(t.purpose, t.reference)],
);

/** Each payment-gateway event is handled once: a replay finds its id here. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/** Each user's current balance; written only by the ledger, in the transaction that appends the entry. */
/**
 * Each deployment's cost so far (its usage charges less its refund), kept by a trigger on
 * ledger_entries in the transaction that writes the charge (migration 0031), so the list reads one
 * row per deployment instead of summing its hourly charges. No foreign key: the ledger's write
 * takes no lock on the deployment (a key-share lock there would queue behind a deployment's own
 * updates, which lock the balance row the ledger write already holds).
 */
export const deploymentCosts = pgTable('deployment_costs', {
  deploymentId: uuid('deployment_id').primaryKey(),
  costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
});

export const balances = pgTable('balances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  /**
   * What the user's billed deployments cost per hour, kept by a trigger on deployments (migration
   * 0014) so the most polled read is one row; the trigger's status list is billedStatuses.
   */
  hourlyBurnCents: bigint('hourly_burn_cents', { mode: 'number' }).notNull().default(0),
  /** set by a trigger when the free credit's ledger row is written */
  freeCreditGranted: boolean('free_credit_granted').notNull().default(false),
  /** the account's monthly spend limit (issue 46): null = none; usage this UTC month may not pass it by a create */
  monthlySpendLimitCents: bigint('monthly_spend_limit_cents', { mode: 'number' }),
  updatedAt: updatedAt(),
});
