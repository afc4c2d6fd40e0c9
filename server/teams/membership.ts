import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TeamRole } from '../../shared/teams/roles';
import type { Db } from '../db/client';
import { teamMembers, teams } from '../db/schema';

/** The caller's role in a team that exists (not deleted), with its name; undefined when they are not a member. */
export async function membershipOf(db: Db, teamId: string, userId: string): Promise<{ role: TeamRole; name: string } | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.accountId, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), isNull(teams.deletedAt)));
  return row;
}

/** The teams a person belongs to, by name. */
export function teamsOf(db: Db, userId: string) {
  return db
    .select({ id: teams.accountId, name: teams.name, role: teamMembers.role, createdAt: teams.createdAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.accountId, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNull(teams.deletedAt)))
    .orderBy(asc(teams.name), asc(teams.accountId));
}
