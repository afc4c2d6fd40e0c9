import { and, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, deployments } from '../db/schema';
import { endedStatuses } from '../../shared/deployments/vocabulary';

export interface LiveCredentials {
  /** of the asked deployments, those not deleted (nor being deleted) */
  deployments: Set<string>;
  /** of the asked API keys, those not revoked */
  apiKeys: Set<string>;
}

/** Which of the live terminals' deployments and API keys still stand: one query for all of them. */
export async function stillStanding(db: Db, deploymentIds: string[], apiKeyIds: string[]): Promise<LiveCredentials> {
  const result: LiveCredentials = { deployments: new Set(), apiKeys: new Set() };
  if (deploymentIds.length === 0 && apiKeyIds.length === 0) return result;
  const standingDeployments = db
    .select({ kind: sql<string>`'deployment'`.as('kind'), id: deployments.id })
    .from(deployments)
    .where(and(inArray(deployments.id, deploymentIds), isNull(deployments.deletedAt), notInArray(deployments.status, endedStatuses)));
  const standingKeys = db
    .select({ kind: sql<string>`'api-key'`.as('kind'), id: apiKeys.id })
    .from(apiKeys)
    .where(and(inArray(apiKeys.id, apiKeyIds), isNull(apiKeys.revokedAt)));
  const rows = deploymentIds.length === 0 ? await standingKeys : apiKeyIds.length === 0 ? await standingDeployments : await standingDeployments.unionAll(standingKeys);
  for (const row of rows) (row.kind === 'deployment' ? result.deployments : result.apiKeys).add(row.id);
  return result;
}
