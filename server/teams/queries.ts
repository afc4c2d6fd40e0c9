import { randomUUID } from 'node:crypto';
import type { TeamRole } from '../../shared/teams/roles';
import type { Db } from '../db/client';
import { balances, teamMembers, teams, users } from '../db/schema';

/** The issuer of team account rows: not a URL, so no identity provider's subject can meet it. */
export const teamIssuer = 'team';

/**
 * A new team in one transaction: its account row (kind `team`, the name where a person's row keeps
 * the e-mail), its balance row with the free credit marked as given (the free credit is a person's,
 * once), the team row and its creator as owner. Answers the team's account id.
 */
export async function insertTeam(db: Db, creatorId: string, name: string, at: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(users).values({ issuer: teamIssuer, subject: randomUUID(), email: name, kind: 'team', createdAt: at }).returning({ id: users.id });
    if (!account) throw new Error('team account insert returned nothing');
    await tx.insert(balances).values({ userId: account.id, freeCreditGranted: true, updatedAt: at });
    await tx.insert(teams).values({ accountId: account.id, name, createdBy: creatorId, createdAt: at });
    await tx.insert(teamMembers).values({ teamId: account.id, userId: creatorId, role: 'owner', source: 'creator', joinedAt: at });
    return account.id;
  });
}

/** Adds a member (or changes the role of one already in). */
export async function upsertMember(db: Db, teamId: string, userId: string, role: TeamRole, source: 'invitation' | 'idp', at: Date): Promise<void> {
  await db
    .insert(teamMembers)
    .values({ teamId, userId, role, source, joinedAt: at })
    .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role } });
}
