import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deployments } from '../db/schema';
import type { DeploymentRow } from './queries';

/**
 * Claims a running deployment for an update to `version`: one update at a time, only on a running
 * machine. The lease says when a worker that has not reported has died (then `abandonedVersionUpdates`).
 */
export async function claimVersionUpdate(db: Db, id: string, accountId: string, version: string, now: Date, leaseUntil: Date): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .update(deployments)
    .set({ targetVersion: version, leaseUntil, updatedAt: now })
    .where(and(eq(deployments.id, id), eq(deployments.userId, accountId), eq(deployments.status, 'running'), isNull(deployments.targetVersion)))
    .returning();
  return row;
}

/** Ends the update to `version`: records it as the machine's version when it succeeded. Undefined when the row moved on (deleted, or the update was given up). */
export async function finishVersionUpdate(db: Db, id: string, version: string, succeeded: boolean, now: Date): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .update(deployments)
    .set({ ...(succeeded ? { version } : {}), targetVersion: null, leaseUntil: null, updatedAt: now })
    .where(and(eq(deployments.id, id), eq(deployments.status, 'running'), eq(deployments.targetVersion, version)))
    .returning();
  return row;
}

/** Updates whose worker never reported (the server stopped while the installer ran). */
export function abandonedVersionUpdates(db: Db, now: Date) {
  return db
    .select({ id: deployments.id, targetVersion: deployments.targetVersion })
    .from(deployments)
    .where(and(eq(deployments.status, 'running'), isNotNull(deployments.targetVersion), lt(deployments.leaseUntil, now)));
}
