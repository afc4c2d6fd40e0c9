import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { deployments, users } from '../db/schema';
import { openTestPglite } from '../../test/support/test-pglite';
import { createPostgresDatabase, postgresAvailable, pgRequired, type TestPostgresDatabase } from '../../test/support/postgres';
import { record } from '../billing/ledger';
import { costsOf } from '../billing/spend';
import type { Brand } from '../../shared/brand';
import { listDeploymentsJson } from './list-json';
import { deploymentsContract } from '../../shared/api/deployments';
import { successOf } from '../../shared/api/route';
import type { z } from 'zod';
import { findDeploymentAnyState, insertDeployment, updateLiveDeployment, type NewDeploymentRow } from './queries';
import { deploymentToWire } from './serialize';
import { signOutCheck } from '../auth/sign-out-check';

/**
 * The list's answer is written by the database (./list-json.ts): for every kind of row it is what
 * deploymentToWire makes of the same row, on both databases. On PGlite it is kept until the next
 * change, and every change shows at once; on PostgreSQL another instance's change shows at once.
 */
const brand: Brand = { id: 'acme', name: 'Acme' };
const graceMs = 90 * 60_000;

async function newAccount(db: Database['db'], name: string): Promise<string> {
  const [u] = await db
    .insert(users)
    .values({ issuer: 'list-json', subject: name, email: `${name}@list.test` })
    .returning({ id: users.id });
  return u!.id;
}
const machine = (userId: string, name: string, more: Partial<NewDeploymentRow> = {}): NewDeploymentRow => ({
  userId,
  name,
  typeId: 'trial_vm_hetzner',
  provider: 'local',
  serverId: `local-${name}`,
  status: 'installing',
  version: '2.12.2',
  hourlyRateCents: 10,
  ...more,
});
/** The list's answer, read alone and read with a request's sign-out check folded in (on PostgreSQL): both must be the same. */
async function listed(db: Database['db'], accountId: string, secrets = true): Promise<Record<string, unknown>[]> {
  const options = { brand, secrets, unpaidGraceMs: graceMs };
  const alone = await listDeploymentsJson(db, accountId, options);
  expect(await listDeploymentsJson(db, accountId, options, signOutCheck(db, 'a session still signed in', new Date()))).toBe(alone);
  return JSON.parse(alone) as Record<string, unknown>[];
}
const statusOf = async (db: Database['db'], accountId: string) => (await listed(db, accountId)).map((d) => [d.name, d.status, d.cost_cents]);

const kinds: [string, () => Promise<{ open: () => Promise<Database>; drop?: () => Promise<void> } | undefined>][] = [
  ['PGlite', async () => ({ open: openTestPglite })],
  [
    'PostgreSQL',
    async () => {
      if (!pgRequired && !(await postgresAvailable())) return undefined;
      const pg: TestPostgresDatabase = await createPostgresDatabase();
      return { open: () => openDatabase({ url: pg.url }), drop: pg.drop };
    },
  ],
];

describe.each(kinds)('the deployments list written by %s', (kind, setUp) => {
  let database: Database | undefined;
  let second: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const set = await setUp();
    if (!set) return;
    drop = set.drop;
    database = await set.open();
    // a second instance on the same database (PostgreSQL only: a PGlite folder has one owner)
    if (kind === 'PostgreSQL') second = await set.open();
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
    await drop?.();
  });

  it('is what deploymentToWire makes of each row, with and without the private keys', async (ctx) => {
    if (!database) return ctx.skip();
    const { db } = database;
    const account = await newAccount(db, 'every-kind');
    const at = (iso: string) => new Date(iso);
    const rows = [
      machine(account, 'plain'),
      machine(account, 'updating', { status: 'running', targetVersion: '2.13.0', ipv4: '10.0.0.2', uiUrl: 'https://updating.example.test' }),
      machine(account, 'empty-target', { status: 'running', targetVersion: '' }),
      machine(account, 'timed', { timeoutMins: 60, createdAt: at('2026-11-28T23:30:00.999Z') }),
      machine(account, 'unpaid', { status: 'running', unpaidSince: at('2026-02-28T23:59:59.001Z'), timeoutMins: 1440 }),
      machine(account, 'failed "quoted" ünïcode\\ \u0001', { status: 'failed', errorMessage: 'Install script exited with 1\nsee the log', hourlyRateCents: null }),
      machine(account, 'keys', { sshPublicKey: 'ssh-ed25519 AAAA… key', sshPrivateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n' }),
    ];
    const ids: string[] = [];
    // a second apart (the list is newest first; rows made in one millisecond would tie on the wire)
    const base = Date.parse('2026-11-27T08:00:00.000Z');
    for (const [i, row] of rows.entries()) ids.push((await insertDeployment(db, { createdAt: new Date(base + i * 1000), ...row })).row.id);
    // microseconds, as PostgreSQL keeps them: the wire has milliseconds, cut as a Date cuts them
    await db.execute(sql`update deployments set updated_at = '2026-11-28 11:09:03.123987+00' where id = ${ids[0]}`);
    await record(db, { accountId: account, amountCents: 1_000, kind: 'topup', idempotencyKey: `top-up-${account}`, description: 'Top-up' });
    await record(db, { accountId: account, amountCents: -30, kind: 'usage', idempotencyKey: `hour-1-${ids[1]}`, reference: ids[1], description: 'Hour' });
    await record(db, { accountId: account, amountCents: -30, kind: 'usage', idempotencyKey: `hour-2-${ids[1]}`, reference: ids[1], description: 'Hour' });
    await record(db, { accountId: account, amountCents: -10, kind: 'usage', idempotencyKey: `hour-1-${ids[5]}`, reference: ids[5], description: 'Hour' });
    await record(db, { accountId: account, amountCents: 10, kind: 'refund', idempotencyKey: `refund-${ids[5]}`, reference: ids[5], description: 'Refund' });
    // gone or going: not listed
    await insertDeployment(db, machine(account, 'deleting', { status: 'deleting' }));
    await insertDeployment(db, machine(account, 'deleted', { deletedAt: new Date() }));

    const costs = await costsOf(db, ids);
    for (const secrets of [true, false]) {
      const expected = [];
      for (const id of ids) {
        const row = await findDeploymentAnyState(db, id);
        expected.push(deploymentToWire(brand, row!, { owner: true, secrets, unpaidGraceMs: graceMs, costCents: costs.get(id) ?? 0 }));
      }
      expected.sort((a, b) => b.created_at.localeCompare(a.created_at));
      const answer = await listed(db, account, secrets);
      expect(answer).toEqual(JSON.parse(JSON.stringify(expected)));
      // and what the contract declares for the route
      const declared = successOf(deploymentsContract(brand).list).schema as z.ZodType;
      expect(declared.safeParse(answer).error).toBeUndefined();
      // the same keys in the same order as one deployment's answer
      expect(answer.map((d) => Object.keys(d))).toEqual(expected.map((d) => Object.keys(d)));
    }
    expect((await listed(db, account)).find((d) => d.name === 'updating')).toMatchObject({ status: 'updating', cost_cents: 60, acme_version: '2.12.2' });
    expect(await listed(db, await newAccount(db, 'nobody'))).toEqual([]);
  });

  it('shows every change at once: a statement, a transaction, a charge in the ledger, a raw statement, another instance', async (ctx) => {
    if (!database) return ctx.skip();
    const { db } = database;
    const account = await newAccount(db, 'owner');
    const other = await newAccount(db, 'other');
    expect(await statusOf(db, account)).toEqual([]);
    const { row } = await insertDeployment(db, machine(account, 'first'));
    expect(await statusOf(db, account)).toEqual([['first', 'installing', 0]]);

    await updateLiveDeployment(db, row.id, { status: 'running' }, new Date());
    expect(await statusOf(db, account)).toEqual([['first', 'running', 0]]);

    await db.transaction(async (tx) => {
      await tx.insert(deployments).values(machine(account, 'second'));
    });
    expect((await statusOf(db, account)).map(([name]) => name).sort()).toEqual(['first', 'second']);

    await record(db, { accountId: account, amountCents: 500, kind: 'topup', idempotencyKey: `kept-top-up-${account}`, description: 'Top-up' });
    await record(db, { accountId: account, amountCents: -10, kind: 'usage', idempotencyKey: `kept-hour-${row.id}`, reference: row.id, description: 'Hour' });
    expect((await statusOf(db, account)).find(([name]) => name === 'first')).toEqual(['first', 'running', 10]);

    await db.execute(sql`update deployments set status = 'failed' where id = ${row.id}`);
    expect((await statusOf(db, account)).find(([name]) => name === 'first')?.[1]).toBe('failed');
    expect(await statusOf(db, other)).toEqual([]);

    if (second) {
      await updateLiveDeployment(second.db, row.id, { status: 'running', errorMessage: null }, new Date());
      expect((await statusOf(db, account)).find(([name]) => name === 'first')?.[1]).toBe('running');
    }
  });

  it('does not keep an answer read while a transaction was changing the list', async (ctx) => {
    if (!database) return ctx.skip();
    const { db } = database;
    const account = await newAccount(db, 'racer');
    const { row } = await insertDeployment(db, machine(account, 'raced'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.update(deployments).set({ status: 'running' }).where(eq(deployments.id, row.id));
      await released;
    });
    // one read, not listed()'s two: the commit may land between two reads made during it
    const during = listDeploymentsJson(db, account, { brand, secrets: true, unpaidGraceMs: graceMs });
    release();
    await tx;
    await during;
    expect(await statusOf(db, account)).toEqual([['raced', 'running', 0]]);
  });
});
