import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/server';
import { autoTerminate, reconcile } from './jobs';
import { hostnameFor } from './machine';
import type { Providers } from './providers/registry';
import type { Provider } from './providers/types';

const available = await postgresAvailable();

/** Wraps a provider so the test can count deletions per machine across both instances. */
function counting(providers: Providers, deletes: string[]): Providers {
  const wrap = (p: Provider): Provider => ({ ...p, delete: async (id) => void (deletes.push(id), await p.delete(id)) });
  return {
    forType: (id) => wrap(providers.forType(id)),
    byName: (n) => {
      const p = providers.byName(n);
      return p && wrap(p);
    },
    all: () => providers.all().map(wrap),
  };
}

describe.skipIf(!available)(available ? 'deployment jobs with two server instances on one PostgreSQL' : `two-instance jobs ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let a: TestServer;
  let b: TestServer;
  const clock = manualClock();

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    // Both instances start together on the fresh database: migrations take turns.
    [a, b] = await Promise.all([startTestServer({ DATABASE_URL: pgdb.url }, { clock }), startTestServer({ DATABASE_URL: pgdb.url }, { clock })]);
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await pgdb?.drop();
  });

  async function seed(count: number, set: Partial<typeof deployments.$inferInsert>) {
    const db = a.deps.db;
    const [user] = await db
      .insert(users)
      .values({ issuer: 'test', subject: `s-${Math.random()}`, email: 'jobs@example.test' })
      .returning();
    if (!user) throw new Error('no user');
    const rows = await db
      .insert(deployments)
      .values(Array.from({ length: count }, (_, i) => ({ userId: user.id, name: `job-${i}`, typeId: 'trial_vm_hetzner', provider: 'local' as const, status: 'running' as const, ...set })))
      .returning();
    return rows.map((r) => r.id);
  }

  it('terminates each expired deployment exactly once when both instances run the job at the same time', async () => {
    const ids = await seed(20, { timeoutMins: 60, createdAt: new Date(clock.now().getTime() - 61 * 60_000), serverId: null });
    const deletes: string[] = [];
    const depsA = { ...a.services.deployments, providers: counting(a.services.deployments.providers, deletes) };
    const depsB = { ...b.services.deployments, providers: counting(b.services.deployments.providers, deletes) };
    const [na, nb] = await Promise.all([autoTerminate(depsA), autoTerminate(depsB)]);
    expect(na + nb).toBe(20);
    expect(new Set(deletes).size).toBe(20);
    expect(deletes).toHaveLength(20);
    const rows = await a.deps.db.select().from(deployments).where(inArray(deployments.id, ids));
    expect(rows.every((r) => r.status === 'deleted' && r.deletedAt)).toBe(true);
  });

  it('after a crash mid-create, fails the deployment and removes its machine, once, from either instance', async () => {
    const [id] = await seed(1, { status: 'creating' as const, leaseUntil: new Date(clock.now().getTime() - 1000) });
    if (!id) throw new Error('no id');
    const local = a.services.deployments.providers.byName('local');
    if (!local) throw new Error('no local provider');
    // The machine the dead instance had created, labelled with the deployment id.
    await local.create({ deploymentId: id, hostname: hostnameFor(id), typeId: 'trial_vm_hetzner', gpu: false, version: '2.12.2', sshPublicKey: '', labels: {} });
    const [ra, rb] = await Promise.all([reconcile(a.services.deployments), reconcile(b.services.deployments)]);
    expect(ra.failed + rb.failed).toBe(1);
    const [row] = await a.deps.db.select().from(deployments).where(eq(deployments.id, id));
    expect(row?.status).toBe('failed');
    expect(row?.errorMessage).toMatch(/interrupted/);
    expect((await local.get(hostnameFor(id))).state).toBe('missing');
  });
});
