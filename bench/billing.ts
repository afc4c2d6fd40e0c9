/**
 * Billing figures: how long the usage-metering job takes for 10,000 running paid deployments of
 * 1,000 users (the first-hour pass, an idle pass in the same hour, and the pass one hour later,
 * with an injected clock), and Stripe webhook handling throughput over loopback (signed
 * `checkout.session.completed` events, concurrency 20, against a local fake of Stripe's API).
 * Runs on in-memory PGlite and, when reachable, on PostgreSQL (postgres://root@127.0.0.1:5432/test,
 * a fresh database each time). `npm run bench:billing`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Clock } from '../server/clock';
import { openDatabase, type Database } from '../server/db/client';
import { balances, deployments, ledgerEntries, users } from '../server/db/schema';
import { meterUsage } from '../server/billing/service';
import { startServer } from '../server/start';
import { fakeStripeEnv, postWebhook, sessionEvent, signPayload, startFakeStripe } from '../test/support/fake-stripe';
import { benchPostgres } from './postgres';
import type { TestPostgresDatabase } from '../test/support/postgres';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { report } from './support/report';
import { quick } from './support/stats';

const userCount = 1_000;
const deploymentCount = Number(process.env.BENCH_DEPLOYMENTS ?? (quick ? 1_000 : 10_000));
const webhookEvents = Number(process.env.BENCH_WEBHOOKS ?? (quick ? 100 : 1_000));
const concurrency = 20;
const hour = 3600_000;
const watchdogMs = 20 * 60_000;

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function settableClock(start: Date): Clock & { set(d: Date): void } {
  let now = start;
  return { now: () => now, set: (d) => void (now = d) };
}

async function inChunks<T>(items: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size));
}

/** 1,000 users with $10,000 each (a consistent ledger row and balance), 10 running $0.10/h deployments each. */
async function seed(database: Database, start: Date) {
  const db = database.db;
  const userRows = await db
    .insert(users)
    .values(Array.from({ length: userCount }, (_, i) => ({ issuer: 'bench', subject: `u${i}`, email: `u${i}@bench.test` })))
    .returning({ id: users.id });
  const funds = 1_000_000;
  await inChunks(userRows, 500, (chunk) =>
    db
      .insert(ledgerEntries)
      .values(chunk.map((u) => ({ userId: u.id, amountCents: funds, balanceAfterCents: funds, kind: 'topup', idempotencyKey: `seed:${u.id}`, description: 'seed', createdAt: start }))),
  );
  await inChunks(userRows, 500, (chunk) => db.insert(balances).values(chunk.map((u) => ({ userId: u.id, balanceCents: funds }))));
  const rows = Array.from({ length: deploymentCount }, (_, i) => ({
    userId: userRows[i % userRows.length]?.id ?? '',
    name: `bench-${i}`,
    typeId: 'trial_vm_hetzner',
    provider: 'local' as const,
    status: 'running' as const,
    hourlyRateCents: 10,
    createdAt: start,
    updatedAt: start,
  }));
  await inChunks(rows, 1000, (chunk) => db.insert(deployments).values(chunk));
}

async function meteringFigures(kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined): Promise<string[][]> {
  const database = await openDatabase(pgdb ? { url: pgdb.url } : {});
  const out: string[][] = [];
  try {
    const start = new Date(Date.UTC(2026, 0, 5, 9, 0, 0));
    const clock = settableClock(start);
    const deps = { db: database.db, clock, logger: pino({ level: 'silent' }) };
    const t0 = performance.now();
    await seed(database, start);
    out.push([kind, `seed ${fmt(userCount)} users, ${fmt(deploymentCount)} deployments`, '', fmt(ms(t0)), '']);
    const terminate = async () => undefined;
    const pass = async (label: string, at: Date) => {
      clock.set(at);
      const t = performance.now();
      const r = await meterUsage(deps, terminate);
      const took = ms(t);
      out.push([kind, label, fmt(r.charged), fmt(took), r.charged ? fmt((r.charged / took) * 1000) : '-']);
      return r.charged;
    };
    const first = await pass('first-hour pass', new Date(start.getTime() + 60_000));
    await pass('idle pass, same hour', new Date(start.getTime() + 2 * 60_000));
    const second = await pass('pass one hour later', new Date(start.getTime() + hour + 60_000));
    const [sums] = await database.db
      .select({ balances: sql<string>`(select coalesce(sum(balance_cents), 0) from balances)`, ledger: sql<string>`(select coalesce(sum(amount_cents), 0) from ledger_entries)` })
      .from(sql`(select 1) as one`);
    if (first !== deploymentCount || second !== deploymentCount || Number(sums?.balances) !== Number(sums?.ledger)) {
      throw new Error(`metering check failed: charged ${first} then ${second}; balances ${sums?.balances} vs ledger ${sums?.ledger}`);
    }
  } finally {
    await database.close();
  }
  return out;
}

async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function webhookFigures(kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined): Promise<string[][]> {
  const stripe = await startFakeStripe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-billing-'));
  const server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RELEASES_URL: 'off',
      PUBLIC_URL: '',
      DEV_USERS: 'payer@bench.test:bench-pass',
      ...fakeStripeEnv(stripe),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    },
    inMemoryDatabase: !pgdb,
    jobs: false,
  });
  const out: string[][] = [];
  try {
    const { accessToken } = await signIn(server, 'payer@bench.test', 'bench-pass');
    const before = ((await api(server, '/api/balance', { token: accessToken })).body as { balance_cents: number }).balance_cents;
    let t = performance.now();
    await pool(
      Array.from({ length: webhookEvents }, (_, i) => i),
      concurrency,
      async () => {
        const res = await api(server, '/api/balance/checkout', { method: 'POST', token: accessToken, body: { amount_cents: 5000 } });
        if (res.status !== 200) throw new Error(`checkout answered ${res.status}`);
      },
    );
    const startTook = ms(t);
    out.push([kind, `start ${fmt(webhookEvents)} Stripe checkouts (API + fake Stripe)`, fmt((webhookEvents / startTook) * 1000, 1), '', '']);

    const payloads = stripe.sessions.map((s) => sessionEvent('checkout.session.completed', s));
    const deliver = async (label: string, expectDuplicate: boolean) => {
      const latencies: number[] = [];
      t = performance.now();
      await pool(payloads, concurrency, async (payload) => {
        const t1 = performance.now();
        const res = await postWebhook(server.url, payload, signPayload(payload));
        latencies.push(ms(t1));
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${JSON.stringify(res.body)}`);
        if (expectDuplicate !== ((res.body as { duplicate?: boolean }).duplicate === true)) throw new Error('unexpected duplicate flag');
      });
      const took = ms(t);
      latencies.sort((a, b) => a - b);
      out.push([kind, label, fmt((payloads.length / took) * 1000, 1), fmt(percentile(latencies, 50), 1), fmt(percentile(latencies, 95), 1)]);
    };
    await deliver(`${fmt(payloads.length)} signed checkout.session.completed, first delivery`, false);
    await deliver(`the same ${fmt(payloads.length)} events replayed`, true);
    const after = ((await api(server, '/api/balance', { token: accessToken })).body as { balance_cents: number }).balance_cents;
    if (after - before !== payloads.length * 5000) throw new Error(`expected +${payloads.length * 5000} cents, got +${after - before}`);
  } finally {
    await server.close();
    await stripe.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`bench:billing did not finish within ${watchdogMs / 60_000} minutes`);
    process.exit(1);
  }, watchdogMs);
  watchdog.unref();

  const backends: { kind: 'PGlite' | 'PostgreSQL'; make: () => Promise<TestPostgresDatabase | undefined> }[] = [{ kind: 'PGlite', make: async () => undefined }];
  const probe = await benchPostgres();
  if (probe) {
    await probe.drop();
    backends.push({ kind: 'PostgreSQL', make: benchPostgres });
  } else {
    console.log(`(no PostgreSQL at postgres://root@127.0.0.1:5432: PGlite only)`);
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  const metering: string[][] = [];
  const webhooks: string[][] = [];
  for (const b of backends) {
    let db = await b.make();
    try {
      metering.push(...(await meteringFigures(b.kind, db)));
    } finally {
      await db?.drop();
    }
    db = await b.make();
    try {
      webhooks.push(...(await webhookFigures(b.kind, db)));
    } finally {
      await db?.drop();
    }
  }
  console.log(`Usage metering (meterUsage), ${fmt(deploymentCount)} running paid deployments of ${fmt(userCount)} users`);
  table(['database', 'pass', 'charged', 'ms', 'charges/s'], metering);
  console.log(`\nStripe webhooks over loopback, concurrency ${concurrency}`);
  table(['database', 'what', 'per second', 'p50 ms', 'p95 ms'], webhooks);
  // The goal (issue #21) is for a charging pass over 10,000 running deployments: ≤ 1 s on PostgreSQL, ≤ 2 s on PGlite.
  const goalMs = (db: string) => (db === 'PostgreSQL' ? 1000 : 2000);
  const isChargingPass = (pass: string) => pass === 'first-hour pass' || pass === 'pass one hour later';
  report('billing', `Billing${quick ? ' (QUICK: not meaningful)' : ''}`, [
    ...metering.map(([db = '', pass = '', charged = '', took = '', rate = '']) => ({
      figure: `${db}: metering, ${pass}`,
      value: `${took} ms${charged ? `, ${charged} charged` : ''}${rate && rate !== '-' ? `, ${rate} charges/s` : ''}`,
      ...(isChargingPass(pass) && deploymentCount >= 10_000 ? { goal: `≤ ${goalMs(db) / 1000} s`, met: Number(took.replace(/,/g, '')) <= goalMs(db) } : { goal: '' }),
    })),
    ...webhooks.map(([db = '', what = '', rate = '', p50 = '', p95 = '']) => ({ figure: `${db}: ${what}`, value: `${rate}/s${p50 ? `, p50 ${p50} ms, p95 ${p95} ms` : ''}`, goal: '' })),
  ]);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
