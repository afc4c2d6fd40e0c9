import { and, eq, gt, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { appPath, deploymentPath, licensePath } from '../../shared/routes/app-paths';
import { formatCents } from '../../shared/api/billing';
import { defaultLowBalanceCents } from '../../shared/api/notifications';
import { billedStatuses, endedStatuses } from '../../shared/deployments/vocabulary';
import { balances, checkoutSessions, deployments, licenses, notificationPreferences, notifications } from '../db/schema';
import { paymentKeyPrefix, paymentReceived } from './events';
import { notify, type NotifyDeps } from './notify';
import { accountWords } from './account-words';
import { formatDate } from '../../shared/format/dates';
import { monthKey, monthStart, thresholdReached } from '../../shared/billing/spend-limit';

const hourMs = 3600_000;
const dayMs = 24 * hourMs;
/** Licence reminders: the smallest window the time left falls in is the one sent. */
export const licenceReminderDays = [1, 7, 30] as const;

/**
 * The warning windows that make sense for something that lives `termMs` in all: only those shorter
 * than its whole term. A 14-day trial is never "expiring in 30 days", which it would be the minute
 * it is made; it gets the 7- and 1-day warnings.
 */
export function windowsShorterThan<T extends number>(windowsMs: readonly T[], termMs: number): T[] {
  return windowsMs.filter((w) => w < termMs);
}
export const licencePendingDays = 7;

/**
 * The notices that come from time passing rather than from one event: checked by a job every
 * minute, each made once by its dedupe key however often the job runs and on however many instances.
 */
export async function checkNotifications(
  deps: NotifyDeps,
): Promise<{ lowBalance: number; emptySoon: number; expiring: number; licenceExpiring: number; licencePending: number; missedPayments: number; spendLimit: number }> {
  return {
    spendLimit: await spendLimits(deps),
    lowBalance: await lowBalance(deps),
    emptySoon: await emptySoon(deps),
    expiring: await deploymentsExpiring(deps),
    licenceExpiring: await licencesExpiring(deps),
    licencePending: await licencePaymentsPending(deps),
    missedPayments: await missedPayments(deps),
  };
}

/**
 * Checkouts paid in the last two days whose "payment received" notice is missing: the payment
 * committed, then the process stopped before it told the user (a kill, a crash, a deploy).
 */
async function missedPayments(deps: NotifyDeps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - 2 * dayMs);
  const rows = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.status, 'paid'),
        gt(checkoutSessions.completedAt, since),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} = ${paymentKeyPrefix} || ${checkoutSessions.id}::text)`,
      ),
    );
  const sent = [];
  for (const checkout of rows) sent.push(await paymentReceived(deps, checkout));
  return count(sent);
}

const count = (results: boolean[]) => results.filter(Boolean).length;

/**
 * Accounts whose spend this UTC month reached 80% or 100% of their monthly spend limit: told once
 * a month per threshold (the highest reached; a month that jumps past both gets the 100% notice).
 */
async function spendLimits(deps: NotifyDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      accountId: balances.userId,
      limit: balances.monthlySpendLimitCents,
      spent: sql<string>`(select coalesce(sum(-l.amount_cents), 0) from ledger_entries l where l.user_id = "balances"."user_id"
        and l.kind in ('usage', 'refund') and l.created_at >= ${monthStart(now).toISOString()}::timestamptz)`,
    })
    .from(balances)
    .where(isNotNull(balances.monthlySpendLimitCents));
  const sent = [];
  for (const r of rows) {
    const spent = Number(r.spent);
    const limit = r.limit ?? 0;
    const reached = limit > 0 ? thresholdReached(spent, limit) : undefined;
    if (reached === undefined) continue;
    const full = reached === 100;
    sent.push(
      await notify(deps, {
        userId: r.accountId,
        kind: 'spend_limit',
        dedupeKey: `spend-limit:${r.accountId}:${monthKey(now)}:${reached}`,
        title: full ? 'Monthly spend limit reached' : `${reached}% of your monthly spend limit used`,
        body: full
          ? `This month's spend is ${formatCents(spent)}, at your monthly spend limit of ${formatCents(limit)}: new deployments are refused until next month. Running deployments keep running and are charged as before. Raise or remove the limit on the Balance page.`
          : `This month's spend is ${formatCents(spent)}, ${reached}% of your monthly spend limit of ${formatCents(limit)}. Once a new deployment would take it past the limit, it is refused.`,
        link: appPath('balance'),
      }),
    );
  }
  return count(sent);
}

/**
 * Balances under the user's threshold. The key is the ledger entry that took the balance across
 * it, so one crossing notifies once and a top-up followed by a new crossing notifies again.
 */
async function lowBalance(deps: NotifyDeps): Promise<number> {
  // Written out, qualified: it is also used inside the ledger subquery.
  const threshold = sql`coalesce("notification_preferences"."low_balance_cents", ${defaultLowBalanceCents})`;
  const rows = await deps.db
    .select({
      userId: balances.userId,
      balance: balances.balanceCents,
      threshold: sql<string | number>`${threshold}`,
      crossing: sql<string | null>`(select l.id from ledger_entries l where l.user_id = "balances"."user_id"
        and l.balance_after_cents < ${threshold} and l.balance_after_cents - l.amount_cents >= ${threshold}
        order by l.created_at desc, l.id desc limit 1)`,
    })
    .from(balances)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, balances.userId))
    // never before the account's first credit: a new team that was never funded is not "running low"
    .where(and(sql`${balances.balanceCents} < ${threshold}`, sql`exists (select 1 from ledger_entries f where f.user_id = "balances"."user_id" and f.amount_cents > 0)`));
  const sent = [];
  for (const r of rows) {
    // Under the threshold from the first entry (a threshold raised above the balance): that entry is the crossing.
    const crossing = r.crossing ?? 'start';
    const { Whose } = await accountWords(deps.db, r.userId);
    sent.push(
      await notify(deps, {
        userId: r.userId,
        kind: 'low_balance',
        dedupeKey: `low-balance:${r.userId}:${crossing}`,
        title: `${Whose} balance is below ${formatCents(Number(r.threshold))}`,
        body: `${Whose} balance is ${formatCents(r.balance)}, below the ${formatCents(Number(r.threshold))} you asked to be told about. Add funds to keep your deployments running.`,
        link: appPath('balance'),
      }),
    );
  }
  return count(sent);
}

/** Balances that pay for less than an hour of the user's live deployments; once per funding (the newest credit). */
async function emptySoon(deps: NotifyDeps): Promise<number> {
  const burn = sql<string | number>`sum(${deployments.hourlyRateCents})`;
  const rows = await deps.db
    .select({
      userId: deployments.userId,
      balance: balances.balanceCents,
      burn,
      // Written out: drizzle leaves select-field columns unqualified, and `user_id` would be the entry's own.
      lastCredit: sql<string | null>`(select l.id from ledger_entries l where l.user_id = "deployments"."user_id" and l.amount_cents > 0 order by l.created_at desc, l.id desc limit 1)`,
    })
    .from(deployments)
    .innerJoin(balances, eq(balances.userId, deployments.userId))
    .where(
      and(
        sql`${deployments.status} in (${sql.join(
          billedStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        sql`${deployments.deletedAt} is null`,
        sql`${deployments.hourlyRateCents} > 0`,
      ),
    )
    .groupBy(deployments.userId, balances.balanceCents)
    .having(sql`${balances.balanceCents} < ${burn}`);
  const sent = [];
  for (const r of rows) {
    const minutes = Math.max(0, Math.floor((Math.max(r.balance, 0) / Number(r.burn)) * 60));
    sent.push(
      await notify(deps, {
        userId: r.userId,
        kind: 'balance_empty_soon',
        dedupeKey: `empty-soon:${r.userId}:${r.lastCredit ?? 'start'}`,
        title: 'Your balance runs out within an hour',
        body: `At ${formatCents(Number(r.burn))} an hour your balance of ${formatCents(r.balance)} lasts about ${minutes} more minutes. Add funds, or your deployments will be terminated once it cannot pay for the next hour.`,
        link: appPath('balance'),
      }),
    );
  }
  return count(sent);
}

/**
 * Deployments whose timeout ends within the hour; once per deployment and end (extending it starts
 * over). One made to live an hour or less is left out: its owner chose that end a moment ago.
 */
async function deploymentsExpiring(deps: NotifyDeps): Promise<number> {
  const now = deps.clock.now();
  const end = sql`${deployments.createdAt} + make_interval(mins => ${deployments.timeoutMins})`;
  const rows = await deps.db
    .select({ id: deployments.id, userId: deployments.userId, createdBy: deployments.createdBy, name: deployments.name, createdAt: deployments.createdAt, timeoutMins: deployments.timeoutMins })
    .from(deployments)
    .where(
      and(
        notInArray(deployments.status, endedStatuses),
        // the one-hour warning only for deployments made to live longer than that (windowsShorterThan)
        sql`${deployments.timeoutMins} > ${hourMs / 60_000}`,
        sql`${end} > ${now.toISOString()}::timestamptz`,
        sql`${end} <= ${new Date(now.getTime() + hourMs).toISOString()}::timestamptz`,
      ),
    );
  const sent = [];
  for (const d of rows) {
    const endsAt = new Date(d.createdAt.getTime() + (d.timeoutMins ?? 0) * 60_000);
    const minutes = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 60_000));
    sent.push(
      await notify(deps, {
        userId: d.userId,
        kind: 'deployment_expiring',
        dedupeKey: `expiring:${d.id}:${endsAt.getTime()}`,
        title: `Deployment ${d.name} expires in ${minutes} minutes`,
        body: `Your deployment "${d.name}" reaches its timeout at ${endsAt.toISOString()} and will then be terminated. Extend its timeout on the Deployments page to keep it.`,
        link: deploymentPath(d.id),
        createdBy: d.createdBy,
      }),
    );
  }
  return count(sent);
}

/** Active licences ending within 30, 7 or 1 days: installations lock their UI when the key expires. */
async function licencesExpiring(deps: NotifyDeps): Promise<number> {
  const now = deps.clock.now();
  const widest = Math.max(...licenceReminderDays);
  const rows = await deps.db
    .select({ id: licenses.id, userId: licenses.userId, organization: licenses.organizationName, expiresAt: licenses.expiresAt, activatedAt: licenses.activatedAt, createdAt: licenses.createdAt })
    .from(licenses)
    .where(
      and(eq(licenses.status, 'active'), eq(licenses.perpetual, false), isNotNull(licenses.userId), gt(licenses.expiresAt, now), lte(licenses.expiresAt, new Date(now.getTime() + widest * dayMs))),
    );
  const sent = [];
  for (const l of rows) {
    if (!l.userId || !l.expiresAt) continue;
    const left = l.expiresAt.getTime() - now.getTime();
    const term = l.expiresAt.getTime() - (l.activatedAt ?? l.createdAt).getTime();
    const window = windowsShorterThan(licenceReminderDays, term / dayMs).find((days) => left <= days * dayMs);
    if (window === undefined) continue;
    const daysLeft = Math.max(1, Math.ceil(left / dayMs));
    sent.push(
      await notify(deps, {
        userId: l.userId,
        kind: 'licence_expiring',
        dedupeKey: `licence-expiring:${l.id}:${window}`,
        title: `Your license for ${l.organization} expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`,
        body: `The license ${l.id} for ${l.organization} expires on ${formatDate(l.expiresAt, 'UTC')}. Installations using its key lock their interface once it expires: renew it on the Licenses page.`,
        link: licensePath(l.id),
      }),
    );
  }
  return count(sent);
}

/** Licences waiting for their payment for a week. */
async function licencePaymentsPending(deps: NotifyDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ id: licenses.id, userId: licenses.userId, organization: licenses.organizationName })
    .from(licenses)
    .where(and(eq(licenses.paymentStatus, 'pending'), isNotNull(licenses.userId), lte(licenses.createdAt, new Date(now.getTime() - licencePendingDays * dayMs))));
  const sent = [];
  for (const l of rows) {
    if (!l.userId) continue;
    sent.push(
      await notify(deps, {
        userId: l.userId,
        kind: 'licence_payment_pending',
        dedupeKey: `licence-pending:${l.id}`,
        title: `The payment for your license for ${l.organization} is still pending`,
        body: `The license ${l.id} for ${l.organization} has waited ${licencePendingDays} days for its payment. Pay by card on the Licenses page, or by bank transfer with the reference shown there.`,
        link: licensePath(l.id),
      }),
    );
  }
  return count(sent);
}
