import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { billedStatuses, deploymentStatuses } from '../../shared/deployments/vocabulary';
import type { Database } from '../db/client';
import { balances, deployments, users } from '../db/schema';
import { applyMovements } from './ledger';
import { describeOnEachDatabase } from '../../test/support/each-database';

/**
 * The balance read is one row: triggers keep the hourly burn and the free-credit flag on it
 * (migration 0014). Whatever happens to a user's deployments, the row equals what the
 * deployments say, on both databases.
 */
async function burnOnRow(db: Database['db'], userId: string) {
  const [row] = await db.select().from(balances).where(eq(balances.userId, userId));
  return row;
}
async function burnFromDeployments(db: Database['db'], userId: string): Promise<number> {
  const rows = await db.select().from(deployments).where(eq(deployments.userId, userId));
  return rows.filter((d) => d.deletedAt === null && billedStatuses.includes(d.status)).reduce((n, d) => n + (d.hourlyRateCents ?? 0), 0);
}

describeOnEachDatabase('the balance row on %s', (opened, kind) => {
  it('the trigger counts exactly the billed statuses of the shared vocabulary', async () => {
    const database = opened();
    if (!database) return;
    for (const status of deploymentStatuses) {
      const { rows } = (await database.db.execute(sql`select deployment_billed_cents(${status}, null, 7) as c`)) as unknown as { rows: { c: string | number }[] };
      expect(Number(rows[0]?.c), status).toBe(billedStatuses.includes(status) ? 7 : 0);
    }
  });

  it('follows creates, status changes, rate changes, soft and hard deletes, and notes the free credit', async () => {
    const database = opened();
    if (!database) return;
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ issuer: 'https://t.test', subject: `burn-${kind}`, email: `burn-${kind}@example.test` })
      .returning();
    if (!user) throw new Error('no user');
    // A deployment made before the balance row exists (a seed): the row starts with its burn.
    const base = { userId: user.id, typeId: 'trial_vm_hetzner', provider: 'local' as const };
    const [early] = await db
      .insert(deployments)
      .values({ ...base, name: 'early', status: 'running', hourlyRateCents: 5 })
      .returning();
    await db.transaction((tx) => applyMovements(tx, user.id, [{ amountCents: 400, kind: 'free_credit', idempotencyKey: `free-credit:${user.id}`, description: 'Free credit' }]));
    expect(await burnOnRow(db, user.id)).toMatchObject({ freeCreditGranted: true, hourlyBurnCents: 5, balanceCents: 400 });

    const [a] = await db
      .insert(deployments)
      .values({ ...base, name: 'a', status: 'pending', hourlyRateCents: 10 })
      .returning();
    const [b] = await db
      .insert(deployments)
      .values({ ...base, name: 'b', status: 'running', hourlyRateCents: 100 })
      .returning();
    await db.insert(deployments).values({ ...base, name: 'free', status: 'running', hourlyRateCents: null });
    const steps = [
      () => db.update(deployments).set({ status: 'running' }).where(eq(deployments.id, a!.id)),
      () => db.update(deployments).set({ hourlyRateCents: 30 }).where(eq(deployments.id, a!.id)),
      () => db.update(deployments).set({ status: 'failed' }).where(eq(deployments.id, b!.id)),
      () => db.update(deployments).set({ status: 'deleting', deletedAt: new Date() }).where(eq(deployments.id, a!.id)),
      () => db.update(deployments).set({ status: 'deleted' }).where(eq(deployments.id, a!.id)),
      () => db.delete(deployments).where(eq(deployments.id, early!.id)),
    ];
    for (const step of steps) {
      await step();
      expect((await burnOnRow(db, user.id))?.hourlyBurnCents).toBe(await burnFromDeployments(db, user.id));
    }
    expect((await burnOnRow(db, user.id))?.hourlyBurnCents).toBe(0);
  });
});
