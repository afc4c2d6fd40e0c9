import { zipSync, strToU8 } from 'fflate';
import type { Logger } from 'pino';
import type { CreateDeploymentInput, ProvisioningLog } from '../../shared/api/deployments';
import type { Brand } from '../../shared/brand';
import { typeById } from '../../shared/deployments/catalog';
import type { BillingGate } from '../billing/gate';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { InvalidInput, LimitReached, NotFound } from '../domain-errors';
import { assertAllowed } from '../auth/policy';
import type { BackgroundTasks } from '../jobs/tasks';
import type { ReleaseSource } from '../releases/service';
import type { TerminalEnds } from '../terminal/ends';
import type { AuthUser } from '../http/types';
import { hostnameFor, targetOf } from './machine';
import { provision } from './provisioner';
import { generateSshKeyPair } from './providers/ssh/keys';
import type { Providers } from './providers/registry';
import {
  addEvent,
  byId,
  claimForDeletion,
  findByIdempotencyKey,
  findDeployment,
  findEndedDeployment,
  insertDeployment,
  listEvents,
  listSetupSteps,
  lockAndCountLocalMachines,
  markDeleted,
  updateLiveDeployment,
  type DeploymentRow,
} from './queries';
import { ensureSetupSteps, runSetupStep } from './setup-runner';
import { recordAudit, type AuditWho } from '../audit/service';
import { changeWithNotice, type DeploymentActor, type DeploymentNotices } from './notices';

export interface DeploymentDeps {
  db: Db;
  clock: Clock;
  brand: Brand;
  logger: Logger;
  providers: Providers;
  releases: ReleaseSource;
  billing: BillingGate;
  /** how many local machines may exist at once, per user and on this server (LOCAL_MAX_MACHINES_PER_*) */
  localMachineLimits: { perUser: number; perHost: number };
  tasks: BackgroundTasks;
  leaseMs: number;
  pollMs: number;
  /** hears of deletions at once, so the deployment's open terminals end */
  terminalEnds?: Pick<TerminalEnds, 'deploymentDeleted'>;
  /** tells the owner of a deployment ended without their asking (expired, unpaid, deleted by an admin); never throws */
  onTerminated?: (d: DeploymentRow, notice: { reason: string; unpaid: boolean }) => Promise<void>;
  /** tells the owner a deployment is ready, failed or changed version, in the transaction that records it */
  notices?: DeploymentNotices;
  /** UNPAID_GRACE_MINUTES, for the grace deadline on the wire (default: billing's unpaidGraceMs) */
  unpaidGraceMs?: number;
}

export const deletionLeaseMs = 2 * 60_000;

/** Who creates: the owner of the new row, and whether the type's provider admits them. */
export type Creator = Pick<AuthUser, 'id' | 'isAdmin' | 'account'>;

export async function createDeployment(deps: DeploymentDeps, user: Creator, input: CreateDeploymentInput, idempotencyKey: string | undefined): Promise<DeploymentRow> {
  const type = typeById(deps.brand, input.typeId);
  if (!type) throw new InvalidInput('Invalid request', [{ path: 'configId', message: `Unknown deployment type ${input.typeId}` }]);
  if (!type.creatable) throw new InvalidInput(`${type.name} is not created here: open the hosted app instead`);
  const provider = deps.providers.forType(type.id);
  // A local machine without a sandbox is a shell on the host: only for admins (or a single-user install).
  assertAllowed(user, { do: 'start-machine', provider });
  const accountId = user.account.id;
  let version = input.version;
  if (version && !(await deps.releases.isKnown(version))) throw new InvalidInput('Invalid request', [{ path: 'version', message: `Unknown version ${version}` }]);
  version ??= (await deps.releases.latestStable()) ?? undefined;

  const keys = generateSshKeyPair(`launchpad-${type.slug}`);
  const now = deps.clock.now();
  const limits = deps.localMachineLimits;
  // One transaction (BillingGate.start): balance check, machine limits, insert and first hour's charge.
  const { row, created } = await deps.billing.start({
    accountId,
    hourlyRateCents: type.hourlyRateCents,
    existing: (tx) => (idempotencyKey ? findByIdempotencyKey(tx, accountId, idempotencyKey) : Promise.resolve(undefined)),
    async check(tx) {
      if (provider.name !== 'local') return;
      const running = await lockAndCountLocalMachines(tx, user.id);
      // 429, not 402: money would not help; the limit frees up when a machine is deleted.
      if (running.user >= limits.perUser) {
        throw new LimitReached(
          `Machine limit reached: at most ${limits.perUser} local machines per person are allowed (your own account and your teams together), and you hold ${running.user}. Delete one to start another.`,
          {
            limit: 'per_user',
            max: limits.perUser,
            running: running.user,
          },
        );
      }
      if (running.host >= limits.perHost) {
        throw new LimitReached(`Machine limit reached: this server runs at most ${limits.perHost} local machines for all users together, and all are in use. Try again once one is deleted.`, {
          limit: 'per_host',
          max: limits.perHost,
          running: running.host,
        });
      }
    },
    insert: async (tx) => {
      const { row: inserted } = await insertDeployment(tx, {
        userId: accountId,
        createdBy: user.id,
        name: input.name,
        typeId: type.id,
        provider: provider.name,
        status: 'pending',
        version: version ?? null,
        timeoutMins: input.timeoutMins,
        hourlyRateCents: type.hourlyRateCents,
        sshPublicKey: keys.publicKey,
        sshPrivateKey: keys.privateKey,
        idempotencyKey: idempotencyKey ?? null,
        leaseUntil: new Date(now.getTime() + deps.leaseMs),
        createdAt: now,
        updatedAt: now,
      });
      return inserted;
    },
  });
  if (created) {
    await addEvent(deps.db, row.id, `Deployment ${JSON.stringify(row.name)} requested (${type.name}, ${provider.name} provider)`, now);
    if (type.gpu) await ensureSetupSteps(deps, row);
    deps.tasks.run(`provision ${row.id}`, () => provision(deps, row.id));
  }
  return row;
}

export async function ownDeployment(deps: DeploymentDeps, id: string, accountId: string): Promise<DeploymentRow> {
  const row = await findDeployment(deps.db, id, accountId);
  if (!row) throw new NotFound('Deployment not found');
  return row;
}

/** A deployment that is gone: when, and who deleted it (or why it ended by itself), for the page its old links open. */
export async function endedDeployment(deps: Pick<DeploymentDeps, 'db'>, id: string, accountId: string) {
  const row = await findEndedDeployment(deps.db, id, accountId);
  if (!row) throw new NotFound('Deployment not found');
  return {
    id: row.id,
    name: row.name,
    deleted_at: (row.deletedAt ?? row.updatedAt).toISOString(),
    deleted_by: row.deletedBy,
    // a failed deployment keeps its failure in errorMessage: only an ending nobody asked for has its reason there
    reason: row.deletedBy ? null : row.errorMessage,
  };
}

/** `by`: who changed it; the account is told (in a team: its bell names the member). */
export async function updateTimeout(deps: DeploymentDeps, id: string, accountId: string, timeoutMins: number | null, by?: DeploymentActor): Promise<DeploymentRow> {
  const current = await ownDeployment(deps, id, accountId);
  const now = deps.clock.now();
  // The new timeout counts from now: "extend by 2 hours" means two hours from this moment.
  const minutesSoFar = Math.ceil((now.getTime() - current.createdAt.getTime()) / 60_000);
  const notices = deps.notices;
  const tell = by && notices ? (tx: Db, d: DeploymentRow) => notices.timeoutChanged(tx, d, by) : undefined;
  const row = await changeWithNotice(deps.db, (tx) => updateLiveDeployment(tx, id, { timeoutMins: timeoutMins === null ? null : minutesSoFar + timeoutMins }, now), tell);
  if (!row) throw new NotFound('Deployment not found');
  await addEvent(deps.db, id, timeoutMins === null ? 'Timeout removed: runs until deleted' : `Timeout set to ${timeoutMins} minutes from now`, now);
  return row;
}

/**
 * Marks the deployment as being deleted (it leaves the list at once) and removes its machine in the
 * background. `by`: the person who deleted their own deployment; the account is told who, and the
 * deployment's page says it once it is gone. An administrator's delete names no one.
 */
export async function deleteDeployment(
  deps: DeploymentDeps,
  id: string,
  accountId: string | undefined,
  reason?: string,
  audit?: { who: AuditWho; details?: Record<string, unknown> },
  by?: DeploymentActor,
): Promise<DeploymentRow> {
  const at = deps.clock.now();
  const deletedBy = by?.email ?? (audit ? 'an administrator' : undefined);
  // An administrator's delete is audited, and the owner's told, in the transaction that claims the row.
  const [claimed] = await deps.db.transaction(async (tx) => {
    const rows = await claimForDeletion(tx, byId(id, accountId), at, deletionLeaseMs, reason, deletedBy);
    const row = rows[0];
    if (row && by) await deps.notices?.deleted(tx, row, by);
    if (row && audit)
      await recordAudit(tx, {
        ...audit.who,
        action: 'admin.deployment.deleted',
        target: { type: 'deployment', id },
        subjectUserId: row.userId,
        details: { name: row.name, provider: row.provider, ...audit.details },
        at,
      });
    return rows;
  });
  if (!claimed) throw new NotFound('Deployment not found');
  deps.terminalEnds?.deploymentDeleted(id);
  deps.tasks.run(`delete ${id}`, () => removeMachine(deps, claimed));
  return claimed;
}

/** Deletes the machine and finishes the row; on failure the row stays `deleting` and the reconciler tries again. */
export async function removeMachine(deps: Pick<DeploymentDeps, 'db' | 'clock' | 'providers' | 'logger'>, d: DeploymentRow): Promise<void> {
  const provider = deps.providers.byName(d.provider);
  try {
    if (provider) {
      // A machine created by a provisioning that started before the delete is found by its name.
      await provider.delete(d.serverId ?? hostnameFor(d.id)).catch(async (err: unknown) => {
        if (d.serverId) throw err;
      });
    }
    await markDeleted(deps.db, d.id, deps.clock.now());
    await addEvent(deps.db, d.id, `Deleted${d.errorMessage ? `: ${d.errorMessage}` : ''}`, deps.clock.now());
  } catch (err) {
    deps.logger.warn({ err, deploymentId: d.id }, 'deleting the machine failed; will retry');
    await addEvent(deps.db, d.id, `Deleting the machine failed, will retry: ${err instanceof Error ? err.message : String(err)}`, deps.clock.now());
  }
}

export async function setupSteps(deps: DeploymentDeps, id: string, accountId: string) {
  await ownDeployment(deps, id, accountId);
  return listSetupSteps(deps.db, id);
}

export async function rerunSetupStep(deps: DeploymentDeps, id: string, accountId: string, stepId: string) {
  const row = await ownDeployment(deps, id, accountId);
  const steps = await listSetupSteps(deps.db, id);
  if (!steps.some((s) => s.id === stepId)) throw new NotFound('Setup step not found');
  if (row.status !== 'running' || !row.serverId) throw new InvalidInput('Setup steps can be rerun once the deployment is running');
  const provider = deps.providers.byName(row.provider);
  if (!provider) throw new InvalidInput(`Provider ${row.provider} is not configured`);
  return runSetupStep(deps, row, provider, stepId);
}

/** A zip of everything there is to know about a deployment's install: the cloud-init log, setup-step output, provider events. */
/** The provisioning output: kept on the row once provisioning ended, else read from the machine while it installs. */
export async function provisioningLog(deps: DeploymentDeps, id: string, accountId: string): Promise<ProvisioningLog> {
  const row = await ownDeployment(deps, id, accountId);
  if (row.provisioningLog !== null) return { log: row.provisioningLog, source: 'kept' };
  const provider = deps.providers.byName(row.provider);
  const live = row.serverId && provider ? await provider.installLog(targetOf(row)).catch(() => null) : null;
  return live === null ? { log: null, source: 'none' } : { log: live, source: 'live' };
}

export async function logsZip(deps: DeploymentDeps, id: string, accountId: string): Promise<{ filename: string; data: Uint8Array }> {
  const row = await ownDeployment(deps, id, accountId);
  const provider = deps.providers.byName(row.provider);
  const installLog =
    row.provisioningLog ??
    (row.serverId && provider ? await provider.installLog(targetOf(row)).catch((err: unknown) => `could not read the install log: ${err instanceof Error ? err.message : String(err)}`) : null);
  const events = await listEvents(deps.db, id);
  const steps = await listSetupSteps(deps.db, id);
  const files: Record<string, Uint8Array> = {
    'deployment.json': strToU8(
      JSON.stringify(
        {
          id: row.id,
          name: row.name,
          status: row.status,
          provider: row.provider,
          server_id: row.serverId,
          ipv4: row.ipv4,
          version: row.version,
          created_at: row.createdAt,
          error_message: row.errorMessage,
        },
        null,
        2,
      ),
    ),
    'cloud-init-output.log': strToU8(installLog ?? 'The install log is not available yet.\n'),
    'events.log': strToU8(events.map((e) => `${e.at.toISOString()} ${e.message}`).join('\n') + '\n'),
  };
  // flat: the platform's smoke test reads every top-level entry as a file, so no folders
  for (const s of steps)
    files[`setup-step-${String(s.position + 1).padStart(2, '0')}-${s.id}.log`] = strToU8(`${s.description}: ${s.status}\n${s.error ? `error: ${s.error}\n` : ''}\n${s.output ?? ''}`);
  return { filename: `${row.id.replace(/[^A-Za-z0-9._-]/g, '_')}-logs.zip`, data: zipSync(files, { level: 6, mtime: deps.clock.now() }) };
}
