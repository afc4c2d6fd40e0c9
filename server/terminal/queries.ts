import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, deployments, teamMembers, teams } from '../db/schema';
import { endedStatuses } from '../../shared/deployments/vocabulary';
import type { TeamRole } from '../../shared/teams/roles';

export interface LiveCredentials {
  /** of the asked deployments, those not deleted (nor being deleted) */
  deployments: Set<string>;
  /** of the asked API keys, those neither revoked nor expired */
  apiKeys: Set<string>;
  /** of the asked API keys, those not revoked but past their expiry */
  expiredApiKeys: Set<string>;
  /** of the asked team memberships (`teamId:userId`), those that still stand (a member of a team not deleted), with the member's role now */
  memberships: Map<string, TeamRole>;
}

/** A team membership as `stillStanding` asks and answers it. */
export const membershipKey = (teamId: string, userId: string) => `${teamId}:${userId}`;

/**
 * Which of the live terminals' deployments and API keys still stand: one query for all of them;
 * and, for terminals opened in a team's account, a second one for whether their person is still a member.
 */
export async function stillStanding(db: Db, deploymentIds: string[], apiKeyIds: string[], now: Date, memberships: { teamId: string; userId: string }[] = []): Promise<LiveCredentials> {
  const result: LiveCredentials = { deployments: new Set(), apiKeys: new Set(), expiredApiKeys: new Set(), memberships: new Map() };
  if (memberships.length > 0) {
    const rows = await db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.accountId, teamMembers.teamId))
      .where(and(isNull(teams.deletedAt), or(...memberships.map((m) => and(eq(teamMembers.teamId, m.teamId), eq(teamMembers.userId, m.userId))))));
    for (const r of rows) result.memberships.set(membershipKey(r.teamId, r.userId), r.role);
  }
  if (deploymentIds.length === 0 && apiKeyIds.length === 0) return result;
  const standingDeployments = db
    .select({ kind: sql<string>`'deployment'`.as('kind'), id: deployments.id })
    .from(deployments)
    .where(and(inArray(deployments.id, deploymentIds), isNull(deployments.deletedAt), notInArray(deployments.status, endedStatuses)));
  const standingKeys = db
    .select({ kind: sql<string>`case when ${apiKeys.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired-api-key' else 'api-key' end`.as('kind'), id: apiKeys.id })
    .from(apiKeys)
    .where(and(inArray(apiKeys.id, apiKeyIds), isNull(apiKeys.revokedAt)));
  const rows = deploymentIds.length === 0 ? await standingKeys : apiKeyIds.length === 0 ? await standingDeployments : await standingDeployments.unionAll(standingKeys);
  for (const row of rows) (row.kind === 'deployment' ? result.deployments : row.kind === 'api-key' ? result.apiKeys : result.expiredApiKeys).add(row.id);
  return result;
}
