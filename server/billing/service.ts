import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { defaultTopupMaxCents, formatCents, noTopupReason, topupDescription, type AdminTopupResponse, type BalanceResponse } from '../../shared/api/billing';
import { rates } from '../../shared/deployments/catalog';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { balances, deployments, ledgerEntries, users } from '../db/schema';
import { billedStatuses } from '../../shared/deployments/vocabulary';
import { Conflict, LimitReached, NotFound, Unprocessable } from '../domain-errors';
import { findUserById } from '../auth/users-queries';
import type { BillingGate } from './gate';
import { recordAudit, type AuditWho } from '../audit/service';
import { spendLimitRefusal, wouldExceed } from '../../shared/billing/spend-limit';
import { monthSpend } from './spend';
import { preparedPerDb } from '../db/prepared';
import { readSignedIn, signedOutColumn, type SignOutCheck } from '../auth/sign-out-check';
import { InsufficientFundsError, applyMovements, balanceOf, lockBalance, lockBalanceRow, record, recordForAccounts } from './ledger';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** how long a deployment runs on after its balance could not pay for the next hour (UNPAID_GRACE_MINUTES); default unpaidGraceMs */
  unpaidGraceMs?: number;
  /** the largest admin top-up (ADMIN_TOPUP_MAX_CENTS); default defaultTopupMaxCents */
  topupMaxCents?: number;
  /** told of each admin top-up once it is committed (the user's notice); its failure does not undo the top-up */
  onTopup?: (t: TopupDone) => Promise<void>;
}

const hourMs = 3600_000;
/** How long a deployment runs on after its balance could not pay for the next hour, unless configured. */
export const unpaidGraceMs = 15 * 60_000;

/** The $4 free credit, once per user however many first requests race for it. */
export async function grantFreeCredit(deps: BillingDeps, accountId: string): Promise<void> {
  // Every balance read asks: answer the common case (granted long ago) without taking the user's lock.
  // A team's balance row is made with the flag set: the free credit is a person's, once.
  if ((await balanceFigures(deps.db, accountId))?.granted) return;
  await recordFreeCredit(deps, accountId);
}

const freeCreditKey = (accountId: string) => `free-credit:${accountId}`;

const freeCreditMovement = (deps: BillingDeps, accountId: string) => ({
  amountCents: rates.freeCreditCents,
  kind: 'free_credit' as const,
  idempotencyKey: freeCreditKey(accountId),
  description: 'Free credit',
  at: deps.clock.now(),
});

function recordFreeCredit(deps: BillingDeps, accountId: string) {
  return record(deps.db, { accountId, ...freeCreditMovement(deps, accountId) });
}

/**
 * Whether the free credit was granted, the balance and the hourly burn: the most polled read is one
 * row (triggers keep the burn and the free-credit flag on it, migration 0014), through a statement
 * prepared once per database (named on PostgreSQL, so it is planned once per connection).
 */
const balanceStatement = preparedPerDb((db, variant?: 'signed-in') =>
  db
    .select({
      granted: balances.freeCreditGranted,
      balance_cents: balances.balanceCents,
      burn_cents: balances.hourlyBurnCents,
      signedOut: variant ? signedOutColumn : sql<boolean>`false`,
    })
    .from(balances)
    .where(eq(balances.userId, sql.placeholder('accountId')))
    .prepare(`balance_figures${variant ? '_signed_in' : ''}`),
);

/** `signOut`: the request's sign-out check, asked in the same statement where it costs a query. */
const balanceFigures = (db: Db, accountId: string, signOut?: SignOutCheck) =>
  readSignedIn(signOut, async (fold) => (await (fold ? balanceStatement(db, 'signed-in').execute({ accountId, ...fold }) : balanceStatement(db).execute({ accountId })))[0]);

/** The account's balance and burn; the first look grants the free credit. `signOut`: see balanceFigures. */
export async function balanceSummary(deps: BillingDeps, accountId: string, signOut?: SignOutCheck): Promise<BalanceResponse> {
  let figures = await balanceFigures(deps.db, accountId, signOut);
  if (!figures?.granted) {
    await recordFreeCredit(deps, accountId);
    figures = await balanceFigures(deps.db, accountId);
  }
  const balance = Number(figures?.balance_cents ?? 0);
  const hourly = Number(figures?.burn_cents ?? 0);
  return { balance_cents: balance, hourly_burn_cents: hourly, runtime_left_minutes: hourly > 0 ? Math.floor((Math.max(balance, 0) / hourly) * 60) : null };
}

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * What metering reads of each candidate: a running server has thousands, read every minute, so not
 * the whole row (setup steps, keys, messages): on PGlite the whole rows took 0.6 s a pass (issue 32).
 */
const meteredColumns = {
  id: deployments.id,
  userId: deployments.userId,
  name: deployments.name,
  status: deployments.status,
  hourlyRateCents: deployments.hourlyRateCents,
  createdAt: deployments.createdAt,
  deletedAt: deployments.deletedAt,
  unpaidSince: deployments.unpaidSince,
};
type MeteredRow = Pick<DeploymentRow, keyof typeof meteredColumns>;

const ledgerKeyExists = (key: SQL) => sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.idempotencyKey} = ${key})`;

/**
 * The candidates metering has something to do with, found by the ledger's unique idempotency keys
 * (hours are charged in order, so the last started hour's key stands for all): an hour not yet
 * charged, an unpaid flag to settle, a failed deployment's usage not yet refunded. The rest (nearly
 * all, most minutes) is never read: a pass over every candidate took 0.6 s on PGlite with 10,000
 * (issue 32). A superset of what the loop below acts on; the loop decides as before.
 */
function mayNeedAction(now: Date): SQL | undefined {
  const hoursStarted = sql`greatest(1, floor(extract(epoch from (coalesce(${deployments.deletedAt}, ${now.toISOString()}::timestamptz) - ${deployments.createdAt})) / 3600)::int + 1)`;
  return or(
    isNotNull(deployments.unpaidSince),
    and(eq(deployments.status, 'failed'), ledgerKeyExists(sql`'usage:' || ${deployments.id} || ':0'`), not(ledgerKeyExists(sql`'refund:' || ${deployments.id}`))),
    and(sql`${deployments.status} <> 'failed'`, not(ledgerKeyExists(sql`'usage:' || ${deployments.id} || ':' || (${hoursStarted} - 1)`))),
  );
}

/** Hours started so far: the first hour is charged as soon as a deployment exists. */
function hoursStarted(d: MeteredRow, now: Date): number {
  const end = d.deletedAt ?? now;
  return Math.max(1, Math.floor((end.getTime() - d.createdAt.getTime()) / hourMs) + 1);
}

function usageMovement(d: MeteredRow, hour: number, at: Date) {
  return {
    amountCents: -(d.hourlyRateCents ?? 0),
    kind: 'usage' as const,
    idempotencyKey: `usage:${d.id}:${hour}`,
    reference: d.id,
    description: `${d.name}: hour ${hour + 1}`,
    at,
  };
}

/** Users charged in one transaction, and how many such transactions run at the same time. */
const usersPerCharge = 200;
const meterConcurrency = 2;

/**
 * Charges every paid deployment per started hour, one ledger row per deployment and hour index
 * (its idempotency key), so re-running after a crash never double-charges and a missed hour is
 * charged when the job catches up. A live deployment whose next hour cannot be paid is flagged
 * and terminated after a grace window; a failed deployment's charges are refunded.
 */
export async function meterUsage(
  deps: BillingDeps,
  terminate: (d: DeploymentRow, reason: string) => Promise<void>,
): Promise<{ charged: number; unpaid: number; terminated: number; refunded: number }> {
  const now = deps.clock.now();
  const result = { charged: 0, unpaid: 0, terminated: 0, refunded: 0 };
  const isCandidate = and(
    sql`${deployments.hourlyRateCents} > 0`,
    or(
      and(inArray(deployments.status, billedStatuses), isNull(deployments.deletedAt)),
      and(isNotNull(deployments.deletedAt), sql`${deployments.deletedAt} > ${new Date(now.getTime() - 2 * hourMs).toISOString()}::timestamptz`, sql`${deployments.status} <> 'failed'`),
      eq(deployments.status, 'failed'),
    ),
  );
  const candidates = await deps.db
    .select(meteredColumns)
    .from(deployments)
    .where(and(isCandidate, mayNeedAction(now)));
  if (candidates.length === 0) return result;
  // A subquery, not a list of ids: a list of 10,000s of bind parameters is slow and past 65,535 refused.
  const charged = await deps.db
    .select({ ref: ledgerEntries.reference, kind: ledgerEntries.kind, n: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.kind, ['usage', 'refund']),
        inArray(
          ledgerEntries.reference,
          deps.db
            .select({ id: sql`${deployments.id}::text` })
            .from(deployments)
            .where(and(isCandidate, mayNeedAction(now))),
        ),
      ),
    )
    .groupBy(ledgerEntries.reference, ledgerEntries.kind);
  const counts = new Map(charged.map((c) => [`${c.ref}|${c.kind}`, Number(c.n)]));
  const count = (id: string, kind: string) => counts.get(`${id}|${kind}`) ?? 0;

  const graceMs = deps.unpaidGraceMs ?? unpaidGraceMs;
  const unpaidMessage = `Your balance cannot pay for the next hour: add funds within ${graceMs / 60_000} minutes or this deployment will be terminated`;
  /** After charging: flag, terminate or clear the unpaid state of one deployment. */
  const settle = async (d: MeteredRow, unpaid: boolean) => {
    const live = d.deletedAt === null && billedStatuses.includes(d.status);
    if (!live) return; // an ended deployment's last hour that cannot be paid is written off, never taken below zero
    if (!unpaid) {
      if (d.unpaidSince) await deps.db.update(deployments).set({ unpaidSince: null, errorMessage: null }).where(eq(deployments.id, d.id));
      return;
    }
    result.unpaid++;
    if (!d.unpaidSince) {
      await deps.db.update(deployments).set({ unpaidSince: now, errorMessage: unpaidMessage }).where(eq(deployments.id, d.id));
    } else if (now.getTime() - d.unpaidSince.getTime() >= graceMs) {
      const [row] = await deps.db.select().from(deployments).where(eq(deployments.id, d.id));
      if (row) await terminate(row, 'Terminated: the balance could not pay for the next hour');
      result.terminated++;
    }
  };

  const dueByUser = new Map<string, { d: MeteredRow; hours: number[] }[]>();
  for (const d of candidates) {
    if (d.status === 'failed') {
      if (count(d.id, 'usage') > 0 && count(d.id, 'refund') === 0 && (await refundDeployment(deps, d))) result.refunded++;
      continue;
    }
    // A deployment refunded because it failed and deleted since is not charged again.
    if (count(d.id, 'refund') > 0) continue;
    const hours: number[] = [];
    for (let hour = count(d.id, 'usage'); hour < hoursStarted(d, now); hour++) hours.push(hour);
    if (hours.length === 0) {
      await settle(d, false);
      continue;
    }
    const list = dueByUser.get(d.userId) ?? [];
    list.push({ d, hours });
    dueByUser.set(d.userId, list);
  }

  // One ledger transaction per chunk of users for all their due hours, a few chunks at a time.
  const due = [...dueByUser.entries()];
  const chunks = Array.from({ length: Math.ceil(due.length / usersPerCharge) }, (_, i) => due.slice(i * usersPerCharge, (i + 1) * usersPerCharge));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(meterConcurrency, chunks.length) }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++] ?? [];
        const outcomes = await recordForAccounts(
          deps.db,
          chunk.map(([accountId, items]) => ({ accountId, movements: items.flatMap(({ d, hours }) => hours.map((hour) => ({ ...usageMovement(d, hour, now), mustCover: true, group: d.id }))) })),
        );
        for (const [c, [, items]] of chunk.entries()) {
          const mine = outcomes[c] ?? [];
          let i = 0;
          for (const { d, hours } of items) {
            const forDeployment = mine.slice(i, (i += hours.length));
            result.charged += forDeployment.filter((o) => o.status === 'applied').length;
            await settle(
              d,
              forDeployment.some((o) => o.status === 'refused'),
            );
          }
        }
      }
    }),
  );
  return result;
}

/** A deployment that failed to provision is not charged: its usage is refunded once. */
async function refundDeployment(deps: BillingDeps, d: MeteredRow): Promise<boolean> {
  const [sum] = await deps.db
    .select({ cents: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'usage'), eq(ledgerEntries.reference, d.id)));
  const cents = Number(sum?.cents ?? 0);
  if (cents <= 0) return false;
  const { applied } = await record(deps.db, {
    accountId: d.userId,
    amountCents: cents,
    kind: 'refund',
    idempotencyKey: `refund:${d.id}`,
    reference: d.id,
    description: `${d.name}: refund, the deployment failed`,
    at: deps.clock.now(),
  });
  return applied;
}

/**
 * The create transaction (see BillingGate): the user's balance row is locked first, so every
 * create, top-up and metering charge of this user queues behind it; the free credit, the balance
 * check, the caller's limits, the insert and the first hour's charge then commit or roll back
 * together. The first hour carries the metering key of hour 0, so metering never charges it again.
 */
export function ledgerBillingGate(deps: BillingDeps): BillingGate {
  return {
    start(o) {
      return deps.db.transaction(async (tx) => {
        const locked = await lockBalanceRow(tx, o.accountId);
        let balance = locked.balanceCents;
        const earlier = await o.existing(tx);
        if (earlier) return { row: earlier, created: false };
        const rate = o.hourlyRateCents ?? 0;
        // A team's balance row is made with the flag set: the free credit is a person's, once.
        if (rate > 0 && !locked.freeCreditGranted) {
          const [credit] = await applyMovements(tx, o.accountId, [freeCreditMovement(deps, o.accountId)]);
          if (credit?.status === 'applied') balance = credit.entry.balanceAfterCents;
          if (balance < rate) throw new InsufficientFundsError(balance, rate);
        }
        // The account's own monthly limit (issue 46), read under the same lock as every charge.
        const limit = locked.monthlySpendLimitCents;
        if (limit !== null && rate > 0) {
          const spent = await monthSpend(tx, o.accountId, deps.clock.now());
          if (wouldExceed(spent, rate, limit)) {
            throw new LimitReached(spendLimitRefusal(spent, rate, limit), { monthly_limit_cents: limit, spent_this_month_cents: spent, hourly_rate_cents: rate });
          }
        }
        await o.check(tx);
        const row = await o.insert(tx);
        if (rate > 0) {
          const [charge] = await applyMovements(tx, o.accountId, [{ ...usageMovement(row, 0, deps.clock.now()), mustCover: true }]);
          // Cannot happen under the lock; if it did, the throw rolls the insert back with it.
          if (charge?.status === 'refused') throw new InsufficientFundsError(charge.balanceCents, rate);
        }
        return { row, created: true };
      });
    },
  };
}

/** An administrator's top-up that was just recorded (what the user's notice says). */
export interface TopupDone {
  userId: string;
  ledgerEntryId: string;
  amountCents: number;
  balanceAfterCents: number;
  reason: string;
}

export interface TopupRequest {
  amountCents: number;
  /** absent from the spec's body `{email, amount_cents}`: recorded as noTopupReason */
  reason?: string;
  idempotencyKey: string | undefined;
}

/** Whose balance an administrator credits: by id (the customer page) or by email (the spec's call). */
export type TopupTarget = { id: string } | { email: string };

/**
 * The one admin top-up, behind both doors (`POST /api/admin/customers/{id}/topup` and the spec's
 * `POST /api/admin/balance/topup`): the same lookup errors, maximum, ledger entry, audit and notice.
 * An email that more than one account uses (accounts of different issuers) is refused by name.
 */
export async function adminTopup(deps: BillingDeps, who: AuditWho & { actor: { id: string; email: string } }, target: TopupTarget, req: TopupRequest): Promise<AdminTopupResponse> {
  return topupUser(deps, who, await topupTargetUser(deps.db, target), req);
}

async function topupTargetUser(db: Db, target: TopupTarget): Promise<{ id: string; email: string }> {
  if ('id' in target) {
    const user = await findUserById(db, target.id);
    if (!user) throw new NotFound('No such customer');
    return user;
  }
  const { email } = target;
  const matches = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .orderBy(desc(users.createdAt))
    .limit(10);
  const [user] = matches;
  if (!user) throw new NotFound(`No user with the email ${email}`);
  if (matches.length > 1) {
    throw new Conflict(`More than one account uses the email ${email}: the top-up was not made, because it could not tell whose balance to credit`, {
      email,
      accounts: matches.length,
    });
  }
  return user;
}

/**
 * An administrator credits one user, with a reason (noTopupReason when none was given), at most `topupMaxCents` at once. The
 * Idempotency-Key is the admin's and names one movement for one target: the same key for two users
 * credits both, a retry for the same user once. A key reused for the same user with another amount
 * is a 422 (as Stripe answers a reused key with other parameters): answering the first result would
 * tell the admin a credit was made that was not. The balance before is read under the balance
 * lock the credit takes, so it is exactly the balance this top-up started from.
 */
async function topupUser(deps: BillingDeps, who: AuditWho & { actor: { id: string; email: string } }, user: { id: string; email: string }, request: TopupRequest): Promise<AdminTopupResponse> {
  const req = { ...request, reason: request.reason ?? noTopupReason };
  const max = deps.topupMaxCents ?? defaultTopupMaxCents;
  if (req.amountCents > max) {
    throw new Unprocessable(`A top-up can be at most ${formatCents(max)} (ADMIN_TOPUP_MAX_CENTS): ${formatCents(req.amountCents)} was not added`, {
      max_cents: max,
      amount_cents: req.amountCents,
    });
  }
  const adminId = who.actor.id;
  await grantFreeCredit(deps, user.id);
  const at = deps.clock.now();
  // The audit event is written in the top-up's transaction; a repeated Idempotency-Key records neither again.
  const done = await deps.db.transaction(async (tx) => {
    const before = await lockBalance(tx, user.id);
    const [outcome] = await applyMovements(tx, user.id, [
      {
        amountCents: req.amountCents,
        kind: 'admin_topup',
        idempotencyKey: `admin-topup:${adminId}:${user.id}:${req.idempotencyKey ?? randomUUID()}`,
        reference: adminId,
        description: topupDescription(req.reason),
        at,
      },
    ]);
    if (outcome?.status !== 'applied' && outcome?.status !== 'existing') throw new Error('an admin top-up was not applied');
    const { entry } = outcome;
    const applied = outcome.status === 'applied';
    if (!applied && entry.amountCents !== req.amountCents) {
      throw new Unprocessable('This Idempotency-Key was used for a top-up of another amount: use a new key for a new top-up', {
        idempotency_key: req.idempotencyKey,
        amount_cents: entry.amountCents,
      });
    }
    if (applied)
      await recordAudit(tx, {
        ...who,
        action: 'admin.balance.topup',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        details: { email: user.email, amount_cents: req.amountCents, reason: req.reason, ledger_entry_id: entry.id, balance_before_cents: before, balance_after_cents: entry.balanceAfterCents },
        at,
      });
    return { entry, applied, before: applied ? before : entry.balanceAfterCents - entry.amountCents };
  });
  if (done.applied) await deps.onTopup?.({ userId: user.id, ledgerEntryId: done.entry.id, amountCents: req.amountCents, balanceAfterCents: done.entry.balanceAfterCents, reason: req.reason });
  return { balance_cents: await balanceOf(deps.db, user.id), email: user.email, balance_before_cents: done.before, amount_cents: done.entry.amountCents, user_id: user.id };
}
