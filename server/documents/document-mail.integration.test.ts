/**
 * The payment notice and its e-mail carry the document (issue 46): the bell's notice links to the
 * receipt in the Balance list, and the e-mail, when sent, has the receipt's PDF attached as issued.
 */
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { billingContract as b } from '../../shared/api/billing';
import { documentsContract as d } from '../../shared/api/documents';
import { mailOutbox, notifications } from '../db/schema';
import { deliverPendingMail, type MailTransporter } from '../notifications/mailer';
import { invoicingEnv, pdfText } from '../../test/support/invoicing';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { useTestServer } from '../../test/support/suite-server';
import { call } from '../../test/support/typed-client';

describe('documents with payment notices and e-mails', () => {
  const { server, tokens } = useTestServer({ ...invoicingEnv }, { signIn: ['user'] });

  it('links the payment notice to its receipt and attaches the receipt PDF to the e-mail', async () => {
    const { url } = await call(server, b.checkout, { body: { amount_cents: 2500 } }, { token: tokens.user });
    expect((await (await openLocalCheckout(url)).post('pay')).status).toBe(302);
    const [receipt] = (await call(server, d.list, {}, { token: tokens.user })).documents;
    if (!receipt) throw new Error('no receipt');
    const db = server.deps.db;
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'payment_received'), eq(notifications.link, `/balance?document=${receipt.id}`)));
    expect(notice?.body).toBe(`We received your payment of $25.00 and added it to your balance. Thank you. Your receipt ${receipt.number} is attached to the e-mail and listed on the Balance page.`);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, notice?.id ?? ''));
    expect(mail?.documentId).toBe(receipt.id);

    // Sent over SMTP (nodemailer's JSON transport stands in for the server): the PDF goes with it.
    await db
      .update(mailOutbox)
      .set({ transport: 'smtp' })
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    const json = nodemailer.createTransport({ jsonTransport: true });
    const sent: { subject: string; attachments: { filename: string; contentType: string; content: string }[] }[] = [];
    const transporter: MailTransporter = {
      async sendMail(m) {
        const info = (await json.sendMail(m)) as { message: string };
        sent.push(JSON.parse(info.message) as (typeof sent)[number]);
        return info;
      },
    };
    await deliverPendingMail({ db, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }), from: 'billing@example.test', transporter });
    const withPdf = sent.find((m) => m.subject === 'Payment of $25.00 received');
    expect(withPdf?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${receipt.number}.pdf`, 'application/pdf']]);
    const text = await pdfText(Buffer.from(withPdf?.attachments[0]?.content ?? '', 'base64'));
    for (const part of ['Receipt', receipt.number, 'Helix Operator GmbH', '$25.00']) expect(text).toContain(part);
  });
});
