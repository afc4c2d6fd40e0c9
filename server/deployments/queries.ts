import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deploymentEvents, deployments, deploymentSetupSteps, teamMembers, teams } from '../db/schema';

export type DeploymentRow = typeof deployments.$inferSelect;
export type NewDeploymentRow = typeof deployments.$inferInsert;
export type SetupStepRow = typeof deploymentSetupSteps.$inferSelect;

import { endedStatuses, provisioningStatuses } from '../../shared/deployments/vocabulary';

/** Not deleted nor on its way out: what every list shows. */
export const visible = () => and(isNull(deployments.deletedAt), notInArray(deployments.status, endedStatuses));

export async function insertDeployment(db: Db, row: NewDeploymentRow): Promise<{ row: DeploymentRow; created: boolean }> {
  const [inserted] = await db
    .insert(deployments)
    .values(row)
    .onConflictDoNothing({ target: [deployments.userId, deployments.idempotencyKey] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  // The same Idempotency-Key again: answer with the first result.
  const [existing] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.userId, row.userId), eq(deployments.idempotencyKey, row.idempotencyKey ?? '')));
  if (!existing) throw new Error('idempotent insert found no row');
  return { row: existing, created: false };
}

/** Key of the advisory lock that serialises creates of local machines across users (the per-host limit). */
const localMachinesLockKey = 7_412_017;

/**
 * Inside a create transaction: takes the host-wide lock for local machines (held until commit) and
 * counts the local machines that exist now, the user's and everyone's. A machine counts until it is
 * deleted; a failed one has been (or is being) removed by the reconciler.
 */
/**
 * The live local machines of the host, and those a person holds: in every account they act in (their
 * own and each team they belong to), so teams made for the purpose do not multiply their share.
 */
export async function lockAndCountLocalMachines(tx: Db, personId: string): Promise<{ user: number; host: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${localMachinesLockKey})`);
  const personsAccounts = sql`${deployments.userId} = ${personId} or ${deployments.userId} in (select ${teamMembers.teamId} from ${teamMembers} join ${teams} on ${teams.accountId} = ${teamMembers.teamId} where ${teamMembers.userId} = ${personId} and ${teams.deletedAt} is null)`;
  const [row] = await tx
    .select({ user: sql<string>`count(*) filter (where ${personsAccounts})`, host: sql<string>`count(*)` })
    .from(deployments)
    .where(and(eq(deployments.provider, 'local'), isNull(deployments.deletedAt), notInArray(deployments.status, ['deleted', 'failed'])));
  return { user: Number(row?.user ?? 0), host: Number(row?.host ?? 0) };
}

export async function findByIdempotencyKey(db: Db, accountId: string, key: string): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.userId, accountId), eq(deployments.idempotencyKey, key)));
  return row;
}

/** What a deployment's wire form reads (./serialize.ts; the list's is written in SQL: ./list-json.ts). */
export type DeploymentWireRow = Pick<
  DeploymentRow,
  | 'id'
  | 'name'
  | 'userId'
  | 'serverId'
  | 'status'
  | 'targetVersion'
  | 'ipv4'
  | 'uiUrl'
  | 'provider'
  | 'typeId'
  | 'hourlyRateCents'
  | 'timeoutMins'
  | 'errorMessage'
  | 'unpaidSince'
  | 'sshPublicKey'
  | 'sshPrivateKey'
  | 'createdAt'
  | 'updatedAt'
  | 'version'
>;

/** A user's deployments, ended ones included, newest first (the admin's customer page). */
export function userDeploymentHistory(db: Db, accountId: string, limit: number): Promise<DeploymentRow[]> {
  return db.select().from(deployments).where(eq(deployments.userId, accountId)).orderBy(desc(deployments.createdAt), desc(deployments.id)).limit(limit);
}

/** A visible deployment; with a user id, only if it is theirs. */
export async function findDeployment(db: Db, id: string, accountId?: string): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, id), visible(), accountId ? eq(deployments.userId, accountId) : undefined));
  return row;
}

/** The owner's deployment once it is being deleted or gone (undefined while it lives, or when it is not theirs). */
export async function findEndedDeployment(db: Db, id: string, userId: string): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, id), eq(deployments.userId, userId), or(isNotNull(deployments.deletedAt), inArray(deployments.status, endedStatuses))));
  return row;
}

export async function findDeploymentAnyState(db: Db, id: string): Promise<DeploymentRow | undefined> {
  const [row] = await db.select().from(deployments).where(eq(deployments.id, id));
  return row;
}

/** Updates a deployment unless it is being deleted; returns the row, or undefined when it was not updated. */
export async function updateLiveDeployment(db: Db, id: string, set: Partial<NewDeploymentRow>, now: Date): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .update(deployments)
    .set({ ...set, updatedAt: now })
    .where(and(eq(deployments.id, id), notInArray(deployments.status, endedStatuses)))
    .returning();
  return row;
}

/**
 * Marks deployments as being deleted and takes a lease on them. Only the caller whose update
 * changed the row gets it back, so two instances never delete the same machine twice at once.
 */
export async function claimForDeletion(db: Db, where: ReturnType<typeof and>, now: Date, leaseMs: number, reason?: string, deletedBy?: string): Promise<DeploymentRow[]> {
  return db
    .update(deployments)
    .set({ status: 'deleting', leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now, ...(reason ? { errorMessage: reason } : {}), ...(deletedBy ? { deletedBy } : {}) })
    .where(where)
    .returning();
}

export const byId = (id: string, accountId?: string) => and(eq(deployments.id, id), notInArray(deployments.status, endedStatuses), accountId ? eq(deployments.userId, accountId) : undefined);

export const expiredAt = (now: Date) =>
  and(
    notInArray(deployments.status, endedStatuses),
    sql`${deployments.timeoutMins} is not null`,
    sql`${deployments.createdAt} + make_interval(mins => ${deployments.timeoutMins}) <= ${now.toISOString()}::timestamptz`,
  );

/** Deployments past their timeout, by owner: claimed one at a time (see autoTerminate). */
export async function expiredIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db.select({ id: deployments.id }).from(deployments).where(expiredAt(now)).orderBy(deployments.userId, deployments.id);
  return rows.map((r) => r.id);
}

/** Deletions whose worker died (lease ran out) are taken up again. */
export const abandonedDeletions = (now: Date) => and(eq(deployments.status, 'deleting'), or(isNull(deployments.leaseUntil), lt(deployments.leaseUntil, now)));

export async function markDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.update(deployments).set({ status: 'deleted', deletedAt: now, leaseUntil: null, updatedAt: now }).where(eq(deployments.id, id));
}

/** Provisioning rows whose worker stopped renewing its lease, or that ran past their time limit. */
export function stuckProvisioning(db: Db, now: Date) {
  return db
    .select()
    .from(deployments)
    .where(and(inArray(deployments.status, provisioningStatuses), isNull(deployments.deletedAt), or(isNull(deployments.leaseUntil), lt(deployments.leaseUntil, now))));
}

export async function failIfStillProvisioning(db: Db, id: string, message: string, now: Date): Promise<DeploymentRow | undefined> {
  const [row] = await db
    .update(deployments)
    .set({ status: 'failed', errorMessage: message, leaseUntil: null, updatedAt: now })
    .where(and(eq(deployments.id, id), inArray(deployments.status, provisioningStatuses)))
    .returning();
  return row;
}

/** Keeps the provisioning output on the row (any state: a failed row keeps what the install printed). */
export async function keepProvisioningLog(db: Db, id: string, log: string): Promise<void> {
  await db.update(deployments).set({ provisioningLog: log }).where(eq(deployments.id, id));
}

export async function knownDeploymentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(inArray(deployments.id, ids), notInArray(deployments.status, [...endedStatuses, 'failed'])));
  return new Set(rows.map((r) => r.id));
}

/** Of `ids`, those this database has a deployment row for, in any state (ended and failed ones too). */
export async function recordedDeploymentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: deployments.id }).from(deployments).where(inArray(deployments.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function addEvent(db: Db, deploymentId: string, message: string, at: Date): Promise<void> {
  await db.insert(deploymentEvents).values({ deploymentId, message, at });
}

export function listEvents(db: Db, deploymentId: string) {
  return db.select().from(deploymentEvents).where(eq(deploymentEvents.deploymentId, deploymentId)).orderBy(asc(deploymentEvents.at));
}

export async function insertSetupSteps(db: Db, rows: (typeof deploymentSetupSteps.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(deploymentSetupSteps).values(rows).onConflictDoNothing();
}

export function listSetupSteps(db: Db, deploymentId: string): Promise<SetupStepRow[]> {
  return db.select().from(deploymentSetupSteps).where(eq(deploymentSetupSteps.deploymentId, deploymentId)).orderBy(asc(deploymentSetupSteps.position));
}

export async function updateSetupStep(db: Db, deploymentId: string, stepId: string, set: Partial<typeof deploymentSetupSteps.$inferInsert>): Promise<void> {
  await db
    .update(deploymentSetupSteps)
    .set(set)
    .where(and(eq(deploymentSetupSteps.deploymentId, deploymentId), eq(deploymentSetupSteps.id, stepId)));
}

/** Takes a step for running unless it is running already; false when another request has it. */
export async function claimSetupStep(db: Db, deploymentId: string, stepId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(deploymentSetupSteps)
    .set({ status: 'running', error: null, startedAt: now, finishedAt: null })
    .where(and(eq(deploymentSetupSteps.deploymentId, deploymentId), eq(deploymentSetupSteps.id, stepId), sql`${deploymentSetupSteps.status} <> 'running'`))
    .returning({ id: deploymentSetupSteps.id });
  return rows.length > 0;
}
