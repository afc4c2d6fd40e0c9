import { and, asc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { billingDocuments, mailOutbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the mailer needs of nodemailer: one message out, or a throw. */
export interface MailTransporter {
  sendMail(message: { from: string; to: string; subject: string; text: string; attachments?: MailAttachment[] }): Promise<unknown>;
}

/** The billing document an e-mail carries, as issued (its stored PDF, named by its number). */
async function attachmentsOf(db: Db, documentId: string | null): Promise<MailAttachment[] | undefined> {
  if (!documentId) return undefined;
  const [doc] = await db.select({ number: billingDocuments.number, pdf: billingDocuments.pdf }).from(billingDocuments).where(eq(billingDocuments.id, documentId));
  return doc ? [{ filename: `${doc.number}.pdf`, content: doc.pdf, contentType: 'application/pdf' }] : undefined;
}

export interface MailerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  from: string;
  transporter: MailTransporter;
}

export const smtpTransporter = (smtpUrl: string): MailTransporter => nodemailer.createTransport(smtpUrl);

/** A row being sent is held this long; an instance that died mid-send gives it back after it. */
const claimMs = 10 * 60_000;
/** Mail older than this is not retried: a notice days late is worse than none. */
const retryForMs = 24 * 3600_000;
const batch = 50;

/**
 * Sends the outbox rows kept for SMTP that are not delivered yet. Each row is claimed by one
 * update (its `sent_at`), so two instances never send the same e-mail; a failed send is given back
 * with its error and tried again on the next run.
 */
export async function deliverPendingMail(deps: MailerDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const result = { sent: 0, failed: 0 };
  const pending = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.delivered, false),
        eq(mailOutbox.transport, 'smtp'),
        sql`${mailOutbox.createdAt} > ${new Date(now.getTime() - retryForMs).toISOString()}::timestamptz`,
        sql`(${mailOutbox.sentAt} is null or ${mailOutbox.sentAt} < ${new Date(now.getTime() - claimMs).toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(batch);
  for (const { id } of pending) {
    const [row] = await deps.db
      .update(mailOutbox)
      .set({ sentAt: now })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.delivered, false), sql`(${mailOutbox.sentAt} is null or ${mailOutbox.sentAt} < ${new Date(now.getTime() - claimMs).toISOString()}::timestamptz)`))
      .returning();
    if (!row) continue;
    try {
      const attachments = await attachmentsOf(deps.db, row.documentId);
      await deps.transporter.sendMail({ from: deps.from, to: row.toAddress, subject: row.subject, text: row.body, ...(attachments ? { attachments } : {}) });
      await deps.db.update(mailOutbox).set({ delivered: true, error: null, sentAt: deps.clock.now() }).where(eq(mailOutbox.id, id));
      result.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.logger.warn({ err, mailId: id }, 'sending an e-mail failed; will retry');
      await deps.db
        .update(mailOutbox)
        .set({ sentAt: null, error: message.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      result.failed++;
    }
  }
  return result;
}
