/**
 * kill -9 between a payment and its document (issue 46), on PGlite (a data folder) and PostgreSQL:
 * a child process pays a checkout through the real fulfilment and is killed with SIGKILL inside the
 * payment's transaction, once before the receipt is issued and once after (its number taken, its
 * row written, not committed). Each time the database holds neither the payment nor the document
 * nor the number; paying again afterwards gives one credit and one receipt with the next number:
 * no gap, no half-written document.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalance, fulfilCheckout, startCheckout, type CheckoutDeps } from '../billing/checkout';
import { localGateway } from '../billing/gateways/local';
import { openDatabase, type Database } from '../db/client';
import { billingDocuments, checkoutSessions, documentSequences, ledgerEntries, users } from '../db/schema';
import { testInvoicing } from '../../test/support/invoicing';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { checkoutDocuments } from './payments';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgAvailable = await postgresAvailable();
const targets = [
  ['PGlite in a data folder', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

type Where = { KILL_DATABASE_URL: string } | { KILL_DATA_DIR: string };

/** Runs the child until it says READY inside the transaction, then kills it with SIGKILL. */
async function payAndKill(where: Where, checkoutId: string, stopAt: 'before-document' | 'after-document'): Promise<NodeJS.Signals | null> {
  // tsx as a loader in this very process: its CLI would run the script in a grandchild that SIGKILL never reaches
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/faults/kill-payment-child.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...where, CHECKOUT_ID: checkoutId, STOP_AT: stopAt },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never reached ${stopAt}:\n${out}`)), 90_000);
    const look = (d: Buffer) => {
      out += d.toString('utf8');
      if (out.includes(`READY ${stopAt}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
    void exited.then(() => reject(new Error(`the child exited before ${stopAt}:\n${out}`)));
  });
  child.kill('SIGKILL');
  return exited;
}

/**
 * Ends the killed child's connections, as PostgreSQL does once it notices a client gone (it rolls
 * their open transactions back). Here 127.0.0.1:5432 may be a forwarded port that keeps the server
 * side of a dead client's socket open, so the test ends them itself; only in its own database.
 */
async function endOrphanedBackends(db: Database['db']): Promise<void> {
  await db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%' and application_name = 'kill-payment-child'`,
  );
  for (let i = 0; i < 100; i++) {
    const rows = await db.execute(sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'kill-payment-child'`);
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    if (list.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the killed child's connections did not end");
}

describe.each(targets)('kill -9 inside a payment on %s', (_name, usePostgres) => {
  const skip = usePostgres && !pgAvailable;
  let pgdb: TestPostgresDatabase | undefined;
  let dataDir: string | undefined;
  let where: Where;
  let database: Database | undefined;

  const open = async () => (database = await openDatabase(pgdb ? { url: pgdb.url } : { dataDir }));
  /** PGlite has one process at a time on its folder: the parent lets go while the child runs. */
  const letGo = async () => {
    if (!pgdb) {
      await database?.close();
      database = undefined;
    }
  };
  const db = () => {
    if (!database) throw new Error('database not open');
    return database.db;
  };
  const deps = (): CheckoutDeps => ({
    db: db(),
    clock: { now: () => new Date() },
    gateway: localGateway('http://127.0.0.1', 1_000_000),
    publicUrl: 'http://127.0.0.1',
    fulfillers: { balance: creditBalance },
    documents: checkoutDocuments({ invoicing: testInvoicing, bankTransfer: undefined }),
  });

  beforeAll(async () => {
    if (skip) return;
    if (usePostgres) {
      pgdb = await createPostgresDatabase();
      const url = new URL(pgdb.url);
      url.searchParams.set('application_name', 'kill-payment-child');
      where = { KILL_DATABASE_URL: url.toString() };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-kill-payment-'));
      where = { KILL_DATA_DIR: dataDir };
    }
    await open();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await pgdb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it.skipIf(skip)('leaves neither the payment nor its receipt nor its number, then pays once with the next number', { timeout: 300_000 }, async () => {
    const [user] = await db().insert(users).values({ issuer: 'kill-test', subject: 'payer', email: 'payer@example.test' }).returning({ id: users.id });
    const userId = user?.id ?? '';
    const start = (amountCents: number) => startCheckout(deps(), { userId, email: 'payer@example.test', purpose: 'balance', amountCents, description: 'top-up' });
    const first = await start(1000);
    await fulfilCheckout(deps(), first.checkoutId);
    const second = await start(2000);
    const year = new Date().getUTCFullYear();

    const state = async () => {
      const [session] = await db().select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, second.checkoutId));
      const credits = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `checkout:${second.checkoutId}`));
      const receipts = await db()
        .select({ number: billingDocuments.number })
        .from(billingDocuments)
        .where(and(eq(billingDocuments.kind, 'receipt'), eq(billingDocuments.checkoutId, second.checkoutId)));
      const [sequence] = await db()
        .select({ last: documentSequences.last })
        .from(documentSequences)
        .where(and(eq(documentSequences.kind, 'receipt'), eq(documentSequences.year, year)));
      return { session: session?.status, credits: credits.length, receipts: receipts.map((r) => r.number), lastNumber: sequence?.last };
    };
    const untouched = { session: 'open', credits: 0, receipts: [], lastNumber: 1 };
    expect(await state()).toEqual(untouched);

    for (const stopAt of ['before-document', 'after-document'] as const) {
      await letGo();
      expect(await payAndKill(where, second.checkoutId, stopAt)).toBe('SIGKILL');
      await open();
      if (pgdb) await endOrphanedBackends(db());
      expect([stopAt, await state()]).toEqual([stopAt, untouched]);
    }

    // The payment arrives again (the gateway retries): one credit, one receipt, the next number.
    await fulfilCheckout(deps(), second.checkoutId);
    const after = await state();
    expect(after).toMatchObject({ session: 'paid', credits: 1, lastNumber: 2 });
    expect(after.receipts).toEqual([`RCT-${year}-000002`]);
    const numbers = await db().select({ seq: billingDocuments.seq }).from(billingDocuments).where(eq(billingDocuments.kind, 'receipt'));
    expect(numbers.map((n) => n.seq).sort()).toEqual([1, 2]);
  });
});
