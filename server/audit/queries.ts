import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '../../shared/api/audit';
import type { Db } from '../db/client';
import { auditEvents, users } from '../db/schema';
import { exactTime, olderThan, olderThanDate } from '../db/keyset';
import { containsPattern } from '../db/like';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;
export interface AuditCursor {
  at: Date;
  id: string;
}

export async function insertAuditEvent(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditEvents).values(row);
}

const dayMs = 86_400_000;
/** A bare day is the whole UTC day; an instant is taken as it is. */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * "Target id or e-mail": part of the target's id, or, for text with an @, the events whose target
 * or subject is an account whose e-mail contains it (events name accounts by id, never by e-mail).
 */
function targetMatches(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  const byId = ilike(auditEvents.targetId, pattern);
  if (!text.includes('@')) return byId;
  const accounts = sql`(select ${users.id} from ${users} where ${users.email} ilike ${pattern})`;
  return or(byId, sql`${auditEvents.targetId} in (select id::text from ${accounts} as a)`, sql`${auditEvents.subjectUserId} in ${accounts}`);
}

function filterConditions(f: AuditFilters & { subjectUserId?: string }): (SQL | undefined)[] {
  const to = f.to ? new Date(isDay(f.to) ? new Date(f.to).getTime() + dayMs : new Date(f.to).getTime() + 1) : undefined;
  return [
    f.subjectUserId ? eq(auditEvents.subjectUserId, f.subjectUserId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.actor ? ilike(auditEvents.actorEmail, containsPattern(f.actor)) : undefined,
    f.target ? targetMatches(f.target) : undefined,
    f.from ? gte(auditEvents.at, new Date(f.from)) : undefined,
    to ? lt(auditEvents.at, to) : undefined,
  ];
}

/** Events matching the filters, newest first, after the cursor. */
export function auditPage(db: Db, f: AuditFilters & { subjectUserId?: string }, limit: number, after: AuditCursor | undefined): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(and(...filterConditions(f), olderThanDate(auditEvents.at, auditEvents.id, after)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

/** The same for the CSV export, exact to the microsecond from one page to the next. */
export function auditExportPage(db: Db, f: AuditFilters, limit: number, after: { atText: string; id: string } | undefined) {
  return db
    .select({ atText: exactTime(auditEvents.at), id: auditEvents.id, event: auditEvents })
    .from(auditEvents)
    .where(and(...filterConditions(f), olderThan(auditEvents.at, auditEvents.id, after)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

/** The account an e-mail belongs to when exactly one does (events about an address name its owner). */
export async function soleUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(2);
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}

/** Events about a user or done by them, newest first (the admin's customer page). */
export function auditAboutOrBy(db: Db, userId: string, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(or(eq(auditEvents.subjectUserId, userId), eq(auditEvents.actorUserId, userId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}
