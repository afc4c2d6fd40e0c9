import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationWire, SentMail } from '../../shared/api/notifications';
import type { Db } from '../db/client';
import { mailOutbox, notifications } from '../db/schema';

/** The newest notifications the bell shows. */
const listLimit = 50;
export const mailPageSize = 50;

const toWire = (n: typeof notifications.$inferSelect): NotificationWire => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  created_at: n.createdAt.toISOString(),
  read_at: n.readAt ? n.readAt.toISOString() : null,
});

export async function listNotifications(db: Db, userId: string): Promise<{ notifications: NotificationWire[]; unread_count: number }> {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(listLimit);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { notifications: rows.map(toWire), unread_count: Number(unread?.n ?? 0) };
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const [mine] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!mine) return false;
  if (!mine.readAt)
    await db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return true;
}

export async function markAllRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

const mailToWire = (m: typeof mailOutbox.$inferSelect): SentMail => ({
  id: m.id,
  to: m.toAddress,
  subject: m.subject,
  body: m.body,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt ? m.sentAt.toISOString() : null,
  transport: m.transport,
  delivered: m.delivered,
  error: m.error,
});

export async function sentMailPage(db: Db, page: number): Promise<{ mail: SentMail[]; total: number }> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(mailPageSize)
    .offset((page - 1) * mailPageSize);
  const [total] = await db.select({ n: count() }).from(mailOutbox);
  return {
    mail: rows.map(mailToWire),
    total: Number(total?.n ?? 0),
  };
}

/** The newest e-mails sent to one address, any case (the admin's customer page). */
export async function mailTo(db: Db, address: string, limit: number): Promise<SentMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, address.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map(mailToWire);
}

/** The newest e-mails about one account's notices (a team's, mailed to each of its members). */
export async function mailOfNotices(db: Db, accountId: string, limit: number): Promise<SentMail[]> {
  const rows = await db
    .select({ mail: mailOutbox })
    .from(mailOutbox)
    .innerJoin(notifications, eq(notifications.id, mailOutbox.notificationId))
    .where(eq(notifications.userId, accountId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => mailToWire(r.mail));
}
