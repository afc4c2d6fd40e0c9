import type { DeploymentStatus } from '../../shared/deployments/vocabulary';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { balances, deployments, ledgerEntries, licenses, users } from '../../server/db/schema';

async function inChunks<T>(items: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size));
}

const licenseId = () =>
  `lic_${randomBytes(15)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 20)}`;
const statuses: DeploymentStatus[] = ['running', 'running', 'running', 'running', 'running', 'running', 'installing', 'running', 'failed', 'running'];

/**
 * Tops the users table up to `userCount` (the signed-in users already have rows), then gives every
 * user `perUser` deployments, a licence and — for the seeded ones — a balance with its ledger row.
 */
export async function seedApiData(db: Db, o: { userCount: number; perUser: number; existingUserIds: string[] }): Promise<void> {
  const extra = o.userCount - o.existingUserIds.length;
  const created = await db
    .insert(users)
    .values(Array.from({ length: extra }, (_, i) => ({ issuer: 'bench-seed', subject: `seed-${i}`, email: `seed-${i}@bench.test` })))
    .returning({ id: users.id });
  const seeded = created.map((u) => u.id);
  const all = [...o.existingUserIds, ...seeded];
  // Started over the last few hours (one second apart, the last a minute ago): a day-old start
  // would leave the first metering pass a day of hours to charge for every deployment.
  const start = Date.now() - 60_000 - all.length * o.perUser * 1000;
  const rows = all.flatMap((userId, u) =>
    Array.from({ length: o.perUser }, (_, i) => {
      const at = new Date(start + (u * o.perUser + i) * 1000);
      const status = statuses[i % statuses.length] ?? 'running';
      return {
        userId,
        name: `bench-${u}-${i}`,
        typeId: 'trial_vm_hetzner',
        provider: 'local' as const,
        serverId: `local-${u}-${i}`,
        status,
        ipv4: status === 'running' ? `10.0.${u % 250}.${i + 1}` : null,
        uiUrl: status === 'running' ? `https://bench-${u}-${i}.example.test` : null,
        version: '2.12.2',
        hourlyRateCents: 10,
        errorMessage: status === 'failed' ? 'Install script exited with 1' : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await inChunks(rows, 1000, (chunk) => db.insert(deployments).values(chunk));
  const funds = 10_000;
  await inChunks(seeded, 500, (chunk) =>
    db
      .insert(ledgerEntries)
      .values(chunk.map((userId) => ({ userId, amountCents: funds, balanceAfterCents: funds, kind: 'free_credit', idempotencyKey: `free-credit:${userId}`, description: 'Free credit' }))),
  );
  await inChunks(seeded, 500, (chunk) => db.insert(balances).values(chunk.map((userId) => ({ userId, balanceCents: funds }))));
  const emails = new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, o.existingUserIds))).map((u) => [u.id, u.email]));
  seeded.forEach((id, i) => emails.set(id, `seed-${i}@bench.test`));
  await inChunks(all, 500, (chunk) =>
    db.insert(licenses).values(
      chunk.map((userId) => ({
        id: licenseId(),
        userId,
        email: emails.get(userId) ?? 'unknown@bench.test',
        type: 'community' as const,
        organizationName: 'Bench Org',
        status: 'active' as const,
        paymentStatus: 'none' as const,
      })),
    ),
  );
}
