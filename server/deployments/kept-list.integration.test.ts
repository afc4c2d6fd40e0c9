import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { deployments, users } from '../db/schema';
import { openTestPglite } from '../../test/support/test-pglite';
import { createPostgresDatabase, postgresAvailable, pgRequired, type TestPostgresDatabase } from '../../test/support/postgres';
import { record } from '../billing/ledger';
import { insertDeployment, listUserDeployments, updateLiveDeployment } from './queries';

/**
 * The deployments list is answered again from memory on PGlite until the next change to the
 * database (../db/kept-reads.ts). Whatever changes a deployment or its cost, the next list shows
 * it; on PostgreSQL, where another instance may make the change, every list reads.
 */
async function newAccount(db: Database['db'], name: string): Promise<string> {
  const [u] = await db
    .insert(users)
    .values({ issuer: 'kept-list', subject: name, email: `${name}@kept.test` })
    .returning({ id: users.id });
  return u!.id;
}
const machine = (userId: string, name: string) => ({
  userId,
  name,
  typeId: 'trial_vm_hetzner',
  provider: 'local' as const,
  serverId: `local-${name}`,
  status: 'installing' as const,
  version: '2.12.2',
  hourlyRateCents: 10,
});
const statusOf = async (db: Database['db'], accountId: string) => (await listUserDeployments(db, accountId)).map((d) => [d.name, d.status, d.costCents]);

describe('the deployments list on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(() => database?.close());

  it('shows every change at once: a statement, a transaction, a charge in the ledger, a raw statement', async () => {
    const { db } = database;
    const account = await newAccount(db, 'owner');
    const other = await newAccount(db, 'other');
    expect(await statusOf(db, account)).toEqual([]);
    const { row } = await insertDeployment(db, machine(account, 'first'));
    expect(await statusOf(db, account)).toEqual([['first', 'installing', '0']]);
    // a repeat between changes is the same answer
    expect(await listUserDeployments(db, account)).toBe(await listUserDeployments(db, account));

    await updateLiveDeployment(db, row.id, { status: 'running' }, new Date());
    expect(await statusOf(db, account)).toEqual([['first', 'running', '0']]);

    await db.transaction(async (tx) => {
      await tx.insert(deployments).values(machine(account, 'second'));
    });
    expect((await statusOf(db, account)).map(([name]) => name).sort()).toEqual(['first', 'second']);

    await record(db, { accountId: account, amountCents: 500, kind: 'topup', idempotencyKey: `kept-top-up-${account}`, description: 'Top-up' });
    await record(db, { accountId: account, amountCents: -10, kind: 'usage', idempotencyKey: `kept-hour-${row.id}`, reference: row.id, description: 'Hour' });
    expect((await statusOf(db, account)).find(([name]) => name === 'first')).toEqual(['first', 'running', '10']);

    await db.execute(sql`update deployments set status = 'failed' where id = ${row.id}`);
    expect((await statusOf(db, account)).find(([name]) => name === 'first')?.[1]).toBe('failed');
    // another account's list is its own
    expect(await statusOf(db, other)).toEqual([]);
  });

  it('does not keep a list read while a change was under way', async () => {
    const { db } = database;
    const account = await newAccount(db, 'racer');
    const { row } = await insertDeployment(db, machine(account, 'raced'));
    let changed!: () => void;
    const release = new Promise<void>((resolve) => (changed = resolve));
    // the transaction is open while the list is read; the list waits for it (one connection)
    const tx = db.transaction(async (t) => {
      await t.update(deployments).set({ status: 'running' }).where(eq(deployments.id, row.id));
      await release;
    });
    const during = listUserDeployments(db, account);
    changed();
    await tx;
    await during;
    expect(await statusOf(db, account)).toEqual([['raced', 'running', '0']]);
  });
});

describe('the deployments list on PostgreSQL, two instances', () => {
  let pg: TestPostgresDatabase | undefined;
  let a: Database | undefined;
  let b: Database | undefined;
  const skip = !pgRequired;
  beforeAll(async () => {
    if (skip && !(await postgresAvailable())) return;
    pg = await createPostgresDatabase();
    a = await openDatabase({ url: pg.url });
    b = await openDatabase({ url: pg.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.drop();
  });

  it('shows on one instance what the other changed', async (ctx) => {
    if (!a || !b) return ctx.skip();
    const account = await newAccount(a.db, 'shared');
    const { row } = await insertDeployment(a.db, machine(account, 'shared'));
    expect(await statusOf(a.db, account)).toEqual([['shared', 'installing', '0']]);
    await updateLiveDeployment(b.db, row.id, { status: 'running' }, new Date());
    expect(await statusOf(a.db, account)).toEqual([['shared', 'running', '0']]);
  });
});
