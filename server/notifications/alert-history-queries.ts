import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { isAdminAlertKind, type AlertListQuery, type AlertWire } from '../../shared/api/admin-alerts';
import type { Db } from '../db/client';
import { adminAlertDeliveries, adminAlertHistory, users } from '../db/schema';
import type { HistoryRow } from './alert-history';

export const alertPageSize = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Delivery = typeof adminAlertDeliveries.$inferSelect;

function toWire(r: HistoryRow, acknowledgedBy: string | null, log: Delivery[]): AlertWire {
  if (!isAdminAlertKind(r.kind)) throw new Error(`unknown alert kind ${r.kind}`);
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    test: r.test,
    state: r.condition ? (r.clearedAt ? 'cleared' : 'open') : 'event',
    created_at: r.createdAt.toISOString(),
    cleared_at: iso(r.clearedAt),
    acknowledged_at: iso(r.acknowledgedAt),
    acknowledged_by: acknowledgedBy,
    webhook: {
      status: r.webhookStatus,
      attempts: r.webhookAttempts,
      next_at: r.webhookStatus === 'pending' ? iso(r.webhookNextAt) : null,
      delivered_at: iso(r.webhookDeliveredAt),
      log: log.map((d) => ({ attempt: d.attempt, at: d.at.toISOString(), status_code: d.statusCode, error: d.error, duration_ms: d.durationMs })),
    },
  };
}

/** The rows with who acknowledged them and their delivery logs, in the rows' order. */
async function wire(db: Db, rows: HistoryRow[]): Promise<AlertWire[]> {
  if (rows.length === 0) return [];
  const ackIds = [...new Set(rows.map((r) => r.acknowledgedBy).filter((id): id is string => !!id))];
  const emails = new Map(ackIds.length > 0 ? (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ackIds))).map((u) => [u.id, u.email]) : []);
  const deliveries = await db
    .select()
    .from(adminAlertDeliveries)
    .where(
      inArray(
        adminAlertDeliveries.alertId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(adminAlertDeliveries.attempt));
  return rows.map((r) =>
    toWire(
      r,
      r.acknowledgedBy ? (emails.get(r.acknowledgedBy) ?? null) : null,
      deliveries.filter((d) => d.alertId === r.id),
    ),
  );
}

/** Not acknowledged, and either an event or a condition still open: what needs an operator. */
const needsAttention = and(isNull(adminAlertHistory.acknowledgedAt), or(eq(adminAlertHistory.condition, false), isNull(adminAlertHistory.clearedAt)));

export async function alertPage(db: Db, q: AlertListQuery): Promise<{ alerts: AlertWire[]; total: number }> {
  const where = q.show === 'attention' ? needsAttention : undefined;
  const rows = await db
    .select()
    .from(adminAlertHistory)
    .where(where)
    .orderBy(desc(adminAlertHistory.createdAt), desc(adminAlertHistory.id))
    .limit(alertPageSize)
    .offset((q.page - 1) * alertPageSize);
  const [total] = await db.select({ n: count() }).from(adminAlertHistory).where(where);
  return { alerts: await wire(db, rows), total: Number(total?.n ?? 0) };
}

export async function alertById(db: Db, id: string): Promise<AlertWire | undefined> {
  const [row] = await db.select().from(adminAlertHistory).where(eq(adminAlertHistory.id, id));
  return row ? (await wire(db, [row]))[0] : undefined;
}

/** Acknowledges an alert for every administrator; the first acknowledgement stands. */
export async function acknowledgeAlert(db: Db, id: string, personId: string, at: Date): Promise<AlertWire | undefined> {
  await db
    .update(adminAlertHistory)
    .set({ acknowledgedAt: at, acknowledgedBy: personId })
    .where(and(eq(adminAlertHistory.id, id), isNull(adminAlertHistory.acknowledgedAt)));
  return alertById(db, id);
}
