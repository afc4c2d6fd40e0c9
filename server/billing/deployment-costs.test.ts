import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../db/client';
import { deploymentCosts, deployments, users } from '../db/schema';
import { record } from './ledger';
import { costsOf } from './spend';
import { describeOnEachDatabase } from '../../test/support/each-database';

/**
 * deployment_costs is what the ledger says each deployment cost (its usage less its refund): a
 * trigger on ledger_entries keeps it in the charge's own transaction (migration 0031), and the
 * migration fills it from the ledger of an existing database. On both databases.
 */
async function kept(db: Database['db']): Promise<Map<string, number>> {
  return new Map((await db.select().from(deploymentCosts)).map((r) => [r.deploymentId, r.costCents]));
}

describeOnEachDatabase('deployment costs on %s', (opened) => {
  it('follow every charge and refund in the ledger, and nothing else', async () => {
    const database = opened();
    if (!database) return;
    const { db } = database;
    const [user] = await db.insert(users).values({ issuer: 'costs', subject: 'owner', email: 'owner@costs.test' }).returning({ id: users.id });
    const accountId = user!.id;
    const machine = (name: string) => ({ userId: accountId, name, typeId: 'trial_vm_hetzner', provider: 'local' as const, status: 'running' as const, hourlyRateCents: 10 });
    const [a, b, quiet] = await db
      .insert(deployments)
      .values([machine('a'), machine('b'), machine('quiet')])
      .returning({ id: deployments.id });
    const entry = (key: string, amountCents: number, kind: 'usage' | 'refund' | 'topup', reference?: string) =>
      record(db, { accountId, amountCents, kind, idempotencyKey: `${key}-${accountId}`, description: key, ...(reference ? { reference } : {}) });
    await entry('top-up', 1_000, 'topup', a!.id);
    await entry('a-0', -10, 'usage', a!.id);
    await entry('a-1', -10, 'usage', a!.id);
    await entry('b-0', -25, 'usage', b!.id);
    await entry('b-refund', 25, 'refund', b!.id);
    // references that name no deployment: written to the ledger, counted nowhere, refused nowhere
    await entry('unnamed', -3, 'usage', 'an administrator correction');
    await entry('unknown', -4, 'usage', '00000000-0000-4000-8000-000000000000');
    await entry('upper', -5, 'usage', a!.id.toUpperCase());
    await entry('none', -6, 'usage');
    // a charge whose transaction rolls back leaves no cost behind
    await expect(
      db.transaction(async (tx) => {
        await record(tx, { accountId, amountCents: -10, kind: 'usage', idempotencyKey: `rolled-back-${accountId}`, reference: a!.id, description: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const fromLedger = await costsOf(db, [a!.id, b!.id, quiet!.id]);
    const costs = await kept(db);
    expect(costs.get(a!.id)).toBe(20);
    expect(costs.get(b!.id)).toBe(0);
    expect(costs.has(quiet!.id)).toBe(false);
    for (const id of [a!.id, b!.id, quiet!.id]) expect(costs.get(id) ?? 0, id).toBe(fromLedger.get(id) ?? 0);
    expect([...costs.keys()].sort()).toEqual([a!.id, b!.id].sort());
  });

  it("are filled from the ledger when an existing database is migrated (the migration's own statement)", async () => {
    const database = opened();
    if (!database) return;
    const { db } = database;
    const migration = fs.readFileSync(path.join(migrationsFolder, '0031_deployment_costs.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!.trim();
    expect(backfill).toMatch(/^INSERT INTO deployment_costs/);
    const before = await kept(db);
    expect(before.size).toBeGreaterThan(0);
    await db.delete(deploymentCosts);
    await db.execute(sql.raw(backfill));
    expect(await kept(db)).toEqual(before);
  });
});
