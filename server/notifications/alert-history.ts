import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { AdminAlertKind } from '../../shared/api/admin-alerts';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { adminAlertHistory } from '../db/schema';
import type { Alert } from './admin-alerts';

export interface HistoryDeps {
  db: Db;
  clock: Clock;
  /** an outgoing webhook is configured: new alerts wait to be delivered to it */
  webhookOn: boolean;
}

export type HistoryRow = typeof adminAlertHistory.$inferSelect;

const values = (deps: HistoryDeps, a: Alert) => {
  const now = deps.clock.now();
  return {
    kind: a.kind,
    title: a.title,
    body: a.body,
    link: a.link,
    createdAt: now,
    webhookStatus: deps.webhookOn ? ('pending' as const) : ('off' as const),
    webhookNextAt: deps.webhookOn ? now : null,
  };
};

/** An event in the operator's history, once ever (its kind and subject); answers the row when this call wrote it. */
export async function historyEvent(deps: HistoryDeps, subject: string, a: Alert): Promise<HistoryRow | undefined> {
  const [row] = await deps.db
    .insert(adminAlertHistory)
    .values({ ...values(deps, a), subject, condition: false, dedupeKey: `${a.kind}:${subject}` })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A condition in the operator's history, once while it stays open: a second instance's insert meets the open-condition index. */
export async function historyCondition(deps: HistoryDeps, subject: string, a: Alert): Promise<HistoryRow | undefined> {
  const [row] = await deps.db
    .insert(adminAlertHistory)
    .values({ ...values(deps, a), subject, condition: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Open conditions of one kind that no longer hold are cleared; answers the subjects still open. */
export async function clearHistoryConditions(deps: HistoryDeps, kind: AdminAlertKind, holding: ReadonlySet<string>): Promise<Set<string>> {
  const open = and(eq(adminAlertHistory.kind, kind), eq(adminAlertHistory.condition, true), isNull(adminAlertHistory.clearedAt));
  await deps.db
    .update(adminAlertHistory)
    .set({ clearedAt: deps.clock.now() })
    .where(holding.size > 0 ? and(open, notInArray(adminAlertHistory.subject, [...holding])) : open);
  const still =
    holding.size > 0
      ? await deps.db
          .select({ subject: adminAlertHistory.subject })
          .from(adminAlertHistory)
          .where(and(open, inArray(adminAlertHistory.subject, [...holding])))
      : [];
  return new Set(still.map((r) => r.subject));
}

/** A test alert: always a new row, an event that never clears. */
export async function historyTest(deps: HistoryDeps, subject: string, a: Alert): Promise<HistoryRow> {
  const [row] = await deps.db
    .insert(adminAlertHistory)
    .values({ ...values(deps, a), subject, condition: false, test: true, dedupeKey: `test:${subject}` })
    .returning();
  if (!row) throw new Error('the test alert was not written');
  return row;
}
