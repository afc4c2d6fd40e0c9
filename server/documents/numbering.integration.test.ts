/**
 * Document numbers under parallel payments and refunds (issue 46), on PGlite and PostgreSQL: 20
 * card top-ups paid at once and a licence whose 21 card checkouts are all paid at once (one
 * activates it, 20 are refunded) give one receipt per payment and one credit note per refund,
 * each kind numbered 1…n with no gap and no number twice, each in the payment's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract as b } from '../../shared/api/billing';
import { licensesContract as l } from '../../shared/api/licenses';
import { billingDocuments, checkoutSessions } from '../db/schema';
import { fakeStripeEnv, postWebhook, sessionEvent, signPayload, startFakeStripe, type FakeStripe } from '../../test/support/fake-stripe';
import { invoicingEnv } from '../../test/support/invoicing';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { call } from '../../test/support/typed-client';

const pgAvailable = await postgresAvailable();
const topups = 20;
const licencePayments = 21;

const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('document numbers under parallel payments on the %s', (_name, usePostgres) => {
  const skip = usePostgres && !pgAvailable;
  let pgdb: TestPostgresDatabase | undefined;
  let stripe: FakeStripe;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    if (skip) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    stripe = await startFakeStripe();
    server = await startTestServer({ ...invoicingEnv, ...fakeStripeEnv(stripe), ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
    token = (await signInDefaultUsers(server)).user;
  }, 180_000);
  afterAll(async () => {
    await server?.cleanup();
    await stripe?.close();
    await pgdb?.drop();
  }, 60_000);

  const session = (url: string) => {
    const s = stripe.sessions.find((x) => x.url === url);
    if (!s) throw new Error(`no fake session for ${url}`);
    return s;
  };
  const pay = (s: ReturnType<typeof session>) => {
    const payload = sessionEvent('checkout.session.completed', s);
    return postWebhook(server.url, payload, signPayload(payload));
  };

  it.skipIf(skip)(`gives ${topups} top-ups and ${licencePayments} licence payments paid at once gapless, unique receipt and credit-note numbers`, { timeout: 180_000 }, async () => {
    const amounts = Array.from({ length: topups }, (_, i) => 1000 + i);
    const topupSessions = await Promise.all(amounts.map(async (amount_cents) => session((await call(server, b.checkout, { body: { amount_cents } }, { token })).url)));
    const licence = await call(server, l.create, { body: { type: 'enterprise', organization_name: 'Race Ltd' } }, { token });
    const licenceSessions = [];
    for (let i = 0; i < licencePayments; i++)
      licenceSessions.push(session((await call(server, l.checkout, { body: { license_id: licence.id, users_limit: 10 + i, gpus_limit: 0, support_level: 'none' } }, { token })).checkout_url));

    const answers = await Promise.all([...topupSessions, ...licenceSessions].map(pay));
    expect(answers.map((a) => a.status)).toEqual(Array(topups + licencePayments).fill(200));

    const docs = await server.deps.db.select().from(billingDocuments);
    const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
    const seqs = (kind: string) =>
      byKind(kind)
        .map((d) => d.seq)
        .sort((x, y) => x - y);
    const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    // every payment has its receipt; five licence payments were refunded, and the card payment cancelled the licence's invoice
    expect(seqs('receipt')).toEqual(oneTo(topups + licencePayments));
    expect(seqs('credit_note')).toEqual(oneTo(licencePayments - 1 + 1));
    expect(seqs('invoice')).toEqual([1]);
    expect(new Set(docs.map((d) => d.number)).size).toBe(docs.length);
    expect(
      byKind('receipt')
        .map((d) => d.totalCents)
        .sort((x, y) => x - y)
        .slice(0, topups),
    ).toEqual(amounts);

    const sessions = await server.deps.db.select().from(checkoutSessions);
    const refunded = sessions.filter((s) => s.status === 'refunded');
    expect(refunded).toHaveLength(licencePayments - 1);
    for (const s of refunded) {
      const credit = byKind('credit_note').find((d) => d.source === `refund:${s.id}`);
      expect(credit?.totalCents).toBe(-s.amountCents);
    }
    // each paid session has exactly one receipt of its amount
    for (const s of sessions.filter((x) => x.status === 'paid' || x.status === 'refunded'))
      expect(
        byKind('receipt')
          .filter((d) => d.checkoutId === s.id)
          .map((d) => d.totalCents),
      ).toEqual([s.amountCents]);
  });
});
