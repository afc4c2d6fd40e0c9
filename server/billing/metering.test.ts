/**
 * Usage metering with an injected clock: one charge per started hour, caught up after a restart,
 * never twice when two instances meter one PostgreSQL at the same time; the unpaid-hour warning,
 * termination after the grace window, and the refund of a deployment that failed.
 */
import type { DeploymentStatus } from '../../shared/deployments/vocabulary';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract as b } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { rates } from '../../shared/deployments/catalog';
import type { Db } from '../db/client';
import { balances, deployments, ledgerEntries, users } from '../db/schema';
import { deleteDeployment } from '../deployments/service';
import { manualClock, until } from '../../test/support/clock';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, errorOf, send } from '../../test/support/typed-client';
import { balanceOf, record } from './ledger';
import { balanceSummary, meterUsage, unpaidGraceMs, type BillingDeps } from './service';

const hour = 3600_000;
const d = deploymentsContract(defaultBrand);
type DeploymentRow = typeof deployments.$inferSelect;

async function newUser(db: Db, email = `meter-${randomUUID()}@example.test`): Promise<string> {
  const [u] = await db.insert(users).values({ issuer: 'metering-test', subject: randomUUID(), email }).returning({ id: users.id });
  if (!u) throw new Error('no user');
  return u.id;
}

/** A paid deployment as the provisioner leaves it, created at `createdAt`, not yet metered. */
async function seedDeployments(db: Db, userId: string, count: number, o: { createdAt: Date; rate: number; status?: DeploymentStatus }): Promise<DeploymentRow[]> {
  return db
    .insert(deployments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        name: `metered-${i}`,
        typeId: 'trial_vm_hetzner',
        provider: 'local' as const,
        status: o.status ?? 'running',
        hourlyRateCents: o.rate,
        createdAt: o.createdAt,
        updatedAt: o.createdAt,
      })),
    )
    .returning();
}

const usageRows = (db: Db, deploymentId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, deploymentId), eq(ledgerEntries.kind, 'usage')));

async function ledgerSumOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.n ?? 0);
}

const noTerminate = async () => undefined;

describe('metering on one instance (in-memory database)', () => {
  let server: TestServer;
  const clock = manualClock();
  let billing: BillingDeps;

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    billing = server.services.billing;
  });
  afterAll(async () => server?.cleanup());

  const deploymentRow = async (id: string) => (await server.deps.db.select().from(deployments).where(eq(deployments.id, id)))[0];

  /** A new user with `balanceCents` and one deployment billed at `rate` cents an hour, started now. */
  async function fundedDeployment(balanceCents: number, rate: number): Promise<{ userId: string; d: DeploymentRow }> {
    const userId = await newUser(server.deps.db);
    await record(server.deps.db, { accountId: userId, amountCents: balanceCents, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    const [d] = await seedDeployments(server.deps.db, userId, 1, { createdAt: clock.now(), rate });
    if (!d) throw new Error('no deployment');
    return { userId, d };
  }

  /** The user deletes the deployment now. */
  const markDeleted = (id: string) =>
    server.deps.db
      .update(deployments)
      .set({ status: 'deleted' as const, deletedAt: clock.now() })
      .where(eq(deployments.id, id));

  it('charges one row per started hour, idempotently, including hours the job missed', async () => {
    const { userId, d } = await fundedDeployment(10_000, 25);
    await meterUsage(billing, noTerminate);
    await meterUsage(billing, noTerminate);
    expect(await usageRows(server.deps.db, d.id)).toHaveLength(1);
    clock.advance(59 * 60_000);
    await meterUsage(billing, noTerminate);
    expect(await usageRows(server.deps.db, d.id)).toHaveLength(1);
    clock.advance(2 * 60_000); // 61 minutes in: the second hour has started
    await meterUsage(billing, noTerminate);
    expect(await usageRows(server.deps.db, d.id)).toHaveLength(2);
    clock.advance(5 * hour); // the job was down for five hours
    await meterUsage(billing, noTerminate);
    const rows = await usageRows(server.deps.db, d.id);
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(7);
    expect(await balanceOf(server.deps.db, userId)).toBe(10_000 - 7 * 25);
    expect(await ledgerSumOf(server.deps.db, userId)).toBe(10_000 - 7 * 25);
    await markDeleted(d.id);
  });

  it('warns when the next hour cannot be paid, clears the warning when funds arrive within the grace window', async () => {
    const { userId, d } = await fundedDeployment(500, 300);
    const terminated: string[] = [];
    const terminate = async (row: DeploymentRow) => void terminated.push(row.id);

    expect((await meterUsage(billing, terminate)).charged).toBeGreaterThanOrEqual(1); // hour 1: 500 → 200
    clock.advance(hour + 60_000);
    await meterUsage(billing, terminate); // hour 2 needs 300, only 200 left
    let row = await deploymentRow(d.id);
    expect(row?.unpaidSince).not.toBeNull();
    expect(row?.errorMessage).toMatch(/cannot pay for the next hour: add funds within 15 minutes/);
    expect(await balanceOf(server.deps.db, userId)).toBe(200);

    clock.advance(unpaidGraceMs - 60_000);
    await meterUsage(billing, terminate);
    expect(terminated).toEqual([]);

    await record(server.deps.db, { accountId: userId, amountCents: 1000, kind: 'topup', idempotencyKey: `more:${userId}`, description: 'more funds' });
    await meterUsage(billing, terminate);
    row = await deploymentRow(d.id);
    expect(row?.unpaidSince).toBeNull();
    expect(row?.errorMessage).toBeNull();
    expect(await balanceOf(server.deps.db, userId)).toBe(200 + 1000 - 300);
    clock.advance(unpaidGraceMs);
    await meterUsage(billing, terminate);
    expect(terminated).toEqual([]);
    await markDeleted(d.id);
  });

  it('terminates a deployment whose hour stays unpaid once the 15-minute grace has passed, and never takes the balance below zero', async () => {
    const { userId, d } = await fundedDeployment(350, 300);
    const reasons: string[] = [];
    const terminate = async (row: DeploymentRow, reason: string) => {
      reasons.push(reason);
      await deleteDeployment(server.services.deployments, row.id, undefined, reason);
    };
    await meterUsage(billing, terminate);
    clock.advance(hour);
    expect((await meterUsage(billing, terminate)).unpaid).toBe(1);
    clock.advance(unpaidGraceMs / 2);
    expect((await meterUsage(billing, terminate)).terminated).toBe(0);
    clock.advance(unpaidGraceMs / 2);
    expect((await meterUsage(billing, terminate)).terminated).toBe(1);
    expect(reasons).toEqual(['Terminated: the balance could not pay for the next hour']);
    await server.services.tasks.drain();
    const row = await deploymentRow(d.id);
    expect(row?.status).toBe('deleted');
    expect(row?.errorMessage).toMatch(/^Terminated/);
    // The ended deployment's unpaid hour is written off, not taken below zero.
    await meterUsage(billing, terminate);
    expect(await balanceOf(server.deps.db, userId)).toBe(50);
    expect(await usageRows(server.deps.db, d.id)).toHaveLength(1);
  });

  it('refunds a failed deployment once, however often and concurrently the job runs, and charges it nothing after', async () => {
    const userId = await newUser(server.deps.db);
    const [d] = await seedDeployments(server.deps.db, userId, 1, { createdAt: clock.now(), rate: 10 });
    if (!d) throw new Error('no deployment');
    await record(server.deps.db, { accountId: userId, amountCents: 1000, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    await meterUsage(billing, noTerminate);
    clock.advance(2 * hour);
    await meterUsage(billing, noTerminate);
    expect(await balanceOf(server.deps.db, userId)).toBe(1000 - 30);

    await server.deps.db
      .update(deployments)
      .set({ status: 'failed' as const, errorMessage: 'boom' })
      .where(eq(deployments.id, d.id));
    const results = await Promise.all([meterUsage(billing, noTerminate), meterUsage(billing, noTerminate), meterUsage(billing, noTerminate)]);
    expect(results.reduce((n, r) => n + r.refunded, 0)).toBe(1);
    await meterUsage(billing, noTerminate);
    expect(await balanceOf(server.deps.db, userId)).toBe(1000);
    const refunds = await server.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, d.id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds.map((r) => r.amountCents)).toEqual([30]);

    // The user deletes the failed deployment hours later: its refunded hours are not charged again.
    clock.advance(3 * hour);
    await markDeleted(d.id);
    await meterUsage(billing, noTerminate);
    expect(await balanceOf(server.deps.db, userId)).toBe(1000);
    expect(await usageRows(server.deps.db, d.id)).toHaveLength(3);
  });

  it('answers 402 with the reason when the balance cannot cover the first hour, and the 402 leaves no deployment or charge', async () => {
    const token = (await signIn(server, 'other@example.test', 'otherpass')).accessToken;
    const before = (await call(server, b.balance, {}, { token })).balance_cents;
    const res = await send(server, d.create, { body: { configId: 'gpu_instance_civo', name: 'too-big', timeoutMins: null } }, { token });
    expect(res.status).toBe(402);
    expect(errorOf(res).error).toBe(`Insufficient balance: $${(before / 100).toFixed(2)} available, $${(rates.gpuInstanceHourlyCents / 100).toFixed(2)} needed`);
    expect((await call(server, b.balance, {}, { token })).balance_cents).toBe(before);
    expect(await call(server, d.list, {}, { token })).toHaveLength(0);
  });
});

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'metering on PostgreSQL across a restart and with two instances' : `metering on PostgreSQL ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  const clock = manualClock();

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
  });
  afterAll(async () => pgdb?.drop());

  it('charges every started hour exactly once across a server restart', async () => {
    const first = await startTestServer({ DATABASE_URL: pgdb.url }, { clock });
    let userId: string;
    let deploymentId: string;
    try {
      const token = (await signIn(first, 'user@example.test', 'userpass')).accessToken;
      deploymentId = (await call(first, d.create, { body: { configId: 'trial_vm_hetzner', name: 'survives-restart', timeoutMins: null } }, { token })).id;
      await until('running', async () => (await call(first, d.get, { params: { id: deploymentId } }, { token })).status === 'running');
      const [row] = await first.deps.db.select().from(deployments).where(eq(deployments.id, deploymentId));
      userId = row?.userId ?? '';
      expect(await balanceOf(first.deps.db, userId)).toBe(rates.freeCreditCents - rates.trialVmHourlyCents);
      clock.advance(hour + 60_000);
      expect((await meterUsage(first.services.billing, noTerminate)).charged).toBe(1);
    } finally {
      await first.cleanup();
    }

    clock.advance(2 * hour); // down for two hours
    const second = await startTestServer({ DATABASE_URL: pgdb.url }, { clock });
    try {
      expect((await meterUsage(second.services.billing, noTerminate)).charged).toBe(2);
      expect((await meterUsage(second.services.billing, noTerminate)).charged).toBe(0);
      const rows = await usageRows(second.deps.db, deploymentId);
      expect(rows.map((r) => r.description).sort()).toEqual([1, 2, 3, 4].map((h) => `survives-restart: hour ${h}`));
      expect(await balanceOf(second.deps.db, userId)).toBe(rates.freeCreditCents - 4 * rates.trialVmHourlyCents);
      await second.deps.db
        .update(deployments)
        .set({ status: 'deleted' as const, deletedAt: clock.now() })
        .where(eq(deployments.id, deploymentId));
    } finally {
      await second.cleanup();
    }
  });

  it('grants the free credit once and never double-charges when two instances race on one database', async () => {
    const [a, b] = await Promise.all([startTestServer({ DATABASE_URL: pgdb.url }, { clock }), startTestServer({ DATABASE_URL: pgdb.url }, { clock })]);
    try {
      const db = a.deps.db;
      // A new user's first requests land on both instances at once: one $4 credit.
      const fresh = await newUser(db);
      const summaries = await Promise.all(Array.from({ length: 20 }, (_, i) => balanceSummary((i % 2 ? b : a).services.billing, fresh)));
      expect(summaries.map((s) => s.balance_cents)).toEqual(new Array(20).fill(rates.freeCreditCents));
      const credits = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, fresh), eq(ledgerEntries.kind, 'free_credit')));
      expect(credits).toHaveLength(1);

      const userIds = await Promise.all(Array.from({ length: 5 }, () => newUser(db)));
      for (const userId of userIds) await record(db, { accountId: userId, amountCents: 100_000, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
      const start = clock.now();
      const seeded = (await Promise.all(userIds.map((u) => seedDeployments(db, u, 8, { createdAt: start, rate: 7 })))).flat();
      for (let pass = 0; pass < 4; pass++) {
        const [ra, rb] = await Promise.all([meterUsage(a.services.billing, noTerminate), meterUsage(b.services.billing, noTerminate)]);
        expect(ra.charged + rb.charged).toBe(pass === 0 ? seeded.length : pass === 3 ? seeded.length * 2 : seeded.length);
        clock.advance(pass === 2 ? 2 * hour : hour);
      }
      const [counts] = await db
        .select({ rows: sql<string>`count(*)`, keys: sql<string>`count(distinct ${ledgerEntries.idempotencyKey})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'usage'));
      expect(Number(counts?.rows)).toBe(Number(counts?.keys));
      for (const userId of userIds) {
        // hours 1-5 of 8 deployments at 7 cents
        expect(await balanceOf(db, userId)).toBe(100_000 - 8 * 5 * 7);
        expect(await ledgerSumOf(db, userId)).toBe(100_000 - 8 * 5 * 7);
      }
      const [total] = await db.select({ n: sql<string>`coalesce(sum(${balances.balanceCents}), 0)` }).from(balances);
      const [ledger] = await db.select({ n: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
      expect(Number(total?.n)).toBe(Number(ledger?.n));
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });
});
