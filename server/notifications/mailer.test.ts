/**
 * The SMTP side of the outbox, through nodemailer's own JSON transport (no SMTP server is installed
 * here): each pending e-mail is sent once even when two deliveries run at once, a failed send is
 * kept with its error and sent on the next run, and e-mail kept for the database is never sent.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { startTestServer, type TestServer } from '../../test/support/server';
import { deliverPendingMail, type MailTransporter } from './mailer';

describe('mailer', () => {
  let server: TestServer;
  const clock = manualClock();
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(async () => server?.cleanup());

  it('delivers each pending SMTP e-mail once and leaves database-kept mail alone', async () => {
    const db = server.deps.db;
    const [smtp] = await db.insert(mailOutbox).values({ toAddress: 'a@example.test', subject: 'Hello', body: 'Body text', transport: 'smtp', createdAt: clock.now() }).returning();
    const [kept] = await db.insert(mailOutbox).values({ toAddress: 'b@example.test', subject: 'Kept', body: 'Body', transport: 'database', createdAt: clock.now() }).returning();
    const json = nodemailer.createTransport({ jsonTransport: true });
    const sent: { to: string; subject: string; text: string; from: string }[] = [];
    const transporter: MailTransporter = {
      async sendMail(m) {
        const info = (await json.sendMail(m)) as { message: string };
        const parsed = JSON.parse(info.message) as { to: { address: string }[]; subject: string; text: string; from: { address: string } };
        sent.push({ to: parsed.to[0]?.address ?? '', subject: parsed.subject, text: parsed.text, from: parsed.from.address });
        return info;
      },
    };
    const deps = { db, clock, logger, from: 'Helix <noreply@example.test>', transporter };
    await Promise.all([deliverPendingMail(deps), deliverPendingMail(deps)]);
    await deliverPendingMail(deps);
    expect(sent).toEqual([{ to: 'a@example.test', subject: 'Hello', text: 'Body text', from: 'noreply@example.test' }]);
    const [after] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, smtp?.id ?? ''));
    expect(after).toMatchObject({ delivered: true, error: null });
    const [untouched] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, kept?.id ?? ''));
    expect(untouched).toMatchObject({ delivered: false, sentAt: null });
  });

  it('keeps a failed send with its error and sends it on the next run', async () => {
    const db = server.deps.db;
    const [row] = await db.insert(mailOutbox).values({ toAddress: 'c@example.test', subject: 'Retry', body: 'Body', transport: 'smtp', createdAt: clock.now() }).returning();
    let fail = true;
    const transporter: MailTransporter = {
      async sendMail() {
        if (fail) throw new Error('connection refused');
        return {};
      },
    };
    const deps = { db, clock, logger, from: 'x@example.test', transporter };
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? ''));
    expect(failed).toMatchObject({ delivered: false, sentAt: null, error: 'connection refused' });
    fail = false;
    expect(await deliverPendingMail(deps)).toEqual({ sent: 1, failed: 0 });
  });
});
