import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/client';
import { balances, deployments, jobLeases, ledgerEntries, users } from '../../../server/db/schema';
import { until } from '../clock';
import { api } from '../api-client';
import { killHard, startChildServer } from './child-server';
import { freePort, removeDataDir, sleep, migratedDataDir, withDatabase } from './helpers';
import { faultTest } from './report';

const hourMs = 3600_000;
const userCount = 1000;
const rateCents = 7;
const job = 'billing.meter-usage';
const env = (dataDir: string, port: number) => ({ DATA_DIR: dataDir, PORT: String(port), METRICS_ENABLED: 'true', LAUNCHPAD_TEST_JOB_PERIODS: `${job}=1000` });

interface Seeded {
  id: string;
  userId: string;
  hours: number;
}

/** Users with money and running deployments started 1-6 hours (and 10 minutes) ago, none charged yet. */
async function seed(db: Db): Promise<Seeded[]> {
  const now = Date.now();
  const made = await db
    .insert(users)
    .values(Array.from({ length: userCount }, (_, u) => ({ issuer: 'https://faults.test', subject: `meter-${u}`, email: `meter-${u}@example.test` })))
    .returning();
  // What the ledger writes for a top-up, in bulk: an entry and the balance it leaves.
  await db
    .insert(ledgerEntries)
    .values(made.map((u) => ({ userId: u.id, amountCents: 100_000, balanceAfterCents: 100_000, kind: 'admin_topup', idempotencyKey: `seed:${u.id}`, description: 'seed' })));
  await db.insert(balances).values(made.map((u) => ({ userId: u.id, balanceCents: 100_000 })));
  const out: Seeded[] = [];
  const rows = made.flatMap((user, u) =>
    [0, 1].map((k) => {
      const hours = 1 + ((u + k) % 6);
      const id = randomUUID();
      const createdAt = new Date(now - hours * hourMs + hourMs - 10 * 60_000);
      out.push({ id, userId: user.id, hours });
      return {
        id,
        userId: user.id,
        name: `m-${u}-${k}`,
        typeId: 'trial_vm_hetzner',
        provider: 'local' as const,
        status: 'running' as const,
        hourlyRateCents: rateCents,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  await db.insert(deployments).values(rows);
  return out;
}

/** No deployment-hour twice, and every balance equals its ledger: whatever the moment of the kill. */
async function checkLedger(db: Db): Promise<{ charged: number }> {
  const rows = await db.select({ key: ledgerEntries.idempotencyKey }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'usage'));
  expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  const mismatched = await db
    .select({ userId: balances.userId })
    .from(balances)
    .where(sql`${balances.balanceCents} <> (select coalesce(sum(amount_cents), 0) from ledger_entries l where l.user_id = ${balances.userId})`);
  expect(mismatched).toEqual([]);
  return { charged: rows.length };
}

export function killMeteringScenario(): void {
  faultTest(
    'kill -9 during metering runs',
    'every deployment-hour is charged exactly once (no double charge, no missed hour) and balances equal the ledger',
    async (note) => {
      const dataDir = await migratedDataDir('metering');
      try {
        const port = await freePort();
        const seeded = await withDatabase(dataDir, (d) => seed(d.db));
        const expected = seeded.reduce((n, s) => n + s.hours, 0);
        note(`${seeded.length} running deployments, ${expected} deployment-hours due`);
        for (const delay of [1200, 1700]) {
          const child = await startChildServer(env(dataDir, port));
          await sleep(delay);
          await killHard(child);
          const { charged } = await withDatabase(dataDir, async (d) => {
            const result = await checkLedger(d.db);
            // The dead holder's claim blocks the job for two minutes: expired here instead of waited for.
            await d.db
              .update(jobLeases)
              .set({ holder: null, runningUntil: null, nextRunAt: new Date(Date.now() - 1000) })
              .where(eq(jobLeases.name, job));
            return result;
          });
          note(`killed ${delay} ms after start: ${charged} of ${expected} hours charged, no duplicate`);
        }

        const child = await startChildServer(env(dataDir, port));
        try {
          await until(
            'a complete metering run',
            async () => /launchpad_job_runs_total\{job="billing\.meter-usage",outcome="ok"\} [1-9]/.test(String((await api(child, '/metrics')).body)),
            30_000,
            250,
          );
        } finally {
          child.kill('SIGTERM');
          await child.exited;
        }
        await withDatabase(dataDir, async (d) => {
          const { charged } = await checkLedger(d.db);
          expect(charged).toBe(expected);
          const byDeployment = await d.db
            .select({ ref: ledgerEntries.reference, n: sql<string>`count(*)`, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.kind, 'usage'))
            .groupBy(ledgerEntries.reference);
          const counts = new Map(byDeployment.map((r) => [r.ref, Number(r.n)]));
          expect(seeded.filter((s) => counts.get(s.id) !== s.hours)).toEqual([]);
          note(`after restart: ${charged} of ${expected} hours charged, each once`);
        });
      } finally {
        await removeDataDir(dataDir);
      }
    },
    120_000,
  );
}
