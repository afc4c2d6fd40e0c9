import { deployments, licenses, mailOutbox, notifications, users } from '../../server/db/schema';
import { applyMovements } from '../../server/billing/ledger';
import type { RunningServer } from '../../server/start';
import { insertTeam, upsertMember } from '../../server/teams/queries';
import { trialVmTypeId } from '../../shared/deployments/catalog';

const day = 86_400_000;
const longLocal = 'alexandra.konstantinopoulou-wetherspoon';

/** A team (issue 34) for the admin's customer page: a name as long as a team's may be (80), many members with long e-mails, deployments, a licence and mail. */
export const awkwardCustomerTeamName = 'Forschungsgesellschaft für Angewandte Künstliche Intelligenz, Team Frankfurt R&D';

/** Seeds it, owned by `ownerId` with `adminId` (the admin) among its members; `contactEmail` is its licence's contact. */
export async function seedCustomerTeam(server: RunningServer, ownerId: string, adminId: string, now: number, contactEmail: string, adminEmail: string): Promise<void> {
  const db = server.deps.db;
  const teamId = await insertTeam(db, ownerId, awkwardCustomerTeamName, new Date(now - 90 * day));
  await upsertMember(db, teamId, adminId, 'billing', 'invitation', new Date(now - 30 * day));
  const people = await db
    .insert(users)
    .values(Array.from({ length: 12 }, (_, i) => ({ issuer: 'seed', subject: `team-member-${i}`, email: `${longLocal}.member-${i}@research-and-development.example-enterprise.test` })))
    .returning({ id: users.id });
  for (const [i, p] of people.entries())
    await upsertMember(db, teamId, p.id, (['admin', 'member', 'billing'] as const)[i % 3] ?? 'member', i % 2 === 0 ? 'idp' : 'invitation', new Date(now - i * day));
  await db.transaction((tx) => applyMovements(tx, teamId, [{ amountCents: 250_000, kind: 'admin_topup', idempotencyKey: 'awkward-team', description: 'Funds added by an administrator' }]));
  await db.insert(deployments).values(
    ['running', 'failed'].map((status, i) => ({
      userId: teamId,
      name: `team-customer-support-agent-with-a-very-long-deployment-name-${i}`,
      typeId: trialVmTypeId,
      provider: 'hetzner' as const,
      status: status as 'running' | 'failed',
      timeoutMins: 60,
      hourlyRateCents: 10,
      errorMessage: status === 'failed' ? 'Provisioning failed: the cloud provider answered 503 Service Unavailable three times in a row' : null,
    })),
  );
  await db.insert(licenses).values({
    id: 'lic_awkwardteam000000',
    userId: teamId,
    email: contactEmail,
    type: 'community',
    organizationName: awkwardCustomerTeamName,
    status: 'active',
    paymentStatus: 'none',
    expiresAt: new Date(now + 200 * day),
  });
  const [notice] = await db
    .insert(notifications)
    .values({ userId: teamId, kind: 'topup_received', dedupeKey: 'awkward-team-topup', title: '$2,500.00 added to your balance', body: 'An administrator added $2,500.00.', link: '/balance' })
    .returning({ id: notifications.id });
  await db.insert(mailOutbox).values(
    [contactEmail, adminEmail].map((to) => ({
      toAddress: to,
      subject: `${awkwardCustomerTeamName}: $2,500.00 added to your balance`,
      body: 'An administrator added $2,500.00.',
      notificationId: notice?.id ?? null,
      transport: 'database' as const,
    })),
  );
}
