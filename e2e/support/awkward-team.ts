import { createHash, randomUUID } from 'node:crypto';
import { teamInvitations, users } from '../../server/db/schema';
import { insertTeam, upsertMember } from '../../server/teams/queries';
import type { RunningServer } from '../../server/start';
import type { TeamRole } from '../../shared/teams/roles';

/** Issue 34 on the awkward server: a team with a long name, several members of every role and source, and invitations of every status. */
export const awkwardTeamName = 'Internationale Forschungsgruppe für Angewandte Künstliche Intelligenz und Daten';
/** the secret of the pending invitation's link (/invitations/<token>), addressed to the awkward user */
export const awkwardInvitationToken = 'awkward-invitation-token-0123456789abcdef';
const day = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function seedAwkwardTeam(server: RunningServer, ownerId: string, adminId: string, ownerEmail: string): Promise<string> {
  const db = server.deps.db;
  const now = Date.now();
  const teamId = await insertTeam(db, ownerId, awkwardTeamName, new Date(now - 40 * day));
  await upsertMember(db, teamId, adminId, 'admin', 'invitation', new Date(now - 30 * day));
  const people: [string, TeamRole, 'invitation' | 'idp'][] = [
    ['maximilian.hohenzollern-sigmaringen@procurement.example-enterprise.test', 'billing', 'invitation'],
    ['researcher.one@research-and-development.example-enterprise.test', 'member', 'idp'],
    ['researcher.two@research-and-development.example-enterprise.test', 'member', 'invitation'],
    ['lead.engineer@research-and-development.example-enterprise.test', 'admin', 'idp'],
  ];
  for (const [i, [email, role, source]] of people.entries()) {
    const [row] = await db
      .insert(users)
      .values({ issuer: 'https://awkward.example.test', subject: randomUUID(), email, createdAt: new Date(now - (20 - i) * day) })
      .returning({ id: users.id });
    if (row) await upsertMember(db, teamId, row.id, role, source, new Date(now - (20 - i) * day));
  }
  const invitation = (email: string, role: TeamRole, over: Partial<typeof teamInvitations.$inferInsert> = {}): typeof teamInvitations.$inferInsert => ({
    teamId,
    email,
    role,
    tokenHash: hash(`${email}-${role}`),
    invitedBy: ownerId,
    createdAt: new Date(now - day),
    expiresAt: new Date(now + 6 * day),
    ...over,
  });
  await db
    .insert(teamInvitations)
    .values([
      invitation(ownerEmail.replace('@', '+second-address@'), 'member', { tokenHash: hash(awkwardInvitationToken) }),
      invitation('new.colleague.with-a-long-address@partner-organisation.example.test', 'billing'),
      invitation('expired.invitation@example-enterprise.test', 'member', { createdAt: new Date(now - 9 * day), expiresAt: new Date(now - 2 * day) }),
      invitation('revoked.invitation@example-enterprise.test', 'admin', { revokedAt: new Date(now - 3 * day) }),
    ]);
  return teamId;
}
