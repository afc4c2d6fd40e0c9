import { installationId } from './installation';
import { and, eq } from 'drizzle-orm';
import { deployments } from '../db/schema';
import { claimForDeletion, abandonedDeletions, expiredAt, expiredIds, failIfStillProvisioning, knownDeploymentIds, recordedDeploymentIds, stuckProvisioning, addEvent } from './queries';
import { deletionLeaseMs, removeMachine, type DeploymentDeps } from './service';
import { endAbandonedVersionUpdates } from './version-update';
import { changeWithNotice, failedNotice } from './notices';

type JobDeps = Pick<DeploymentDeps, 'db' | 'clock' | 'providers' | 'logger' | 'terminalEnds' | 'onTerminated' | 'notices'>;

/**
 * Terminates deployments whose timeout has passed (created_at + timeout_mins). Each row is
 * claimed by one atomic update, so two server instances never terminate the same one twice; one
 * row per statement, because a claim updates its owner's balance row (the hourly-burn trigger) and
 * a statement locking several owners' rows could deadlock with metering, which locks them in id order.
 */
export async function autoTerminate(deps: JobDeps): Promise<number> {
  const now = deps.clock.now();
  const reason = 'Timeout reached: the deployment was terminated';
  const claimed = [];
  for (const id of await expiredIds(deps.db, now)) claimed.push(...(await claimForDeletion(deps.db, and(eq(deployments.id, id), expiredAt(now)), now, deletionLeaseMs, reason)));
  for (const d of claimed) deps.terminalEnds?.deploymentDeleted(d.id);
  for (const d of claimed) await deps.onTerminated?.(d, { reason, unpaid: false });
  for (const d of claimed) await removeMachine(deps, d);
  return claimed.length;
}

/**
 * Puts right what a crash or a stuck cloud leaves behind:
 * - provisioning whose worker stopped renewing its lease (the server died mid-create) fails with a message,
 *   and its machine, if one was made, is deleted;
 * - deletions whose worker died are retried;
 * - version updates whose worker died are given up (the row shows its recorded version again);
 * - this installation's machines that no live deployment owns are deleted (no orphaned paid machines).
 *
 * Whose machine is it: a cloud machine carries `launchpad-installation=<id>` (installation.ts), and
 * only this installation's are candidates, so Launchpads sharing a Hetzner project or a Civo account
 * never delete each other's. A machine made before that label existed (only `launchpad=true`) is
 * adopted when this database has a deployment row for it (any state), and otherwise never deleted:
 * it may be another Launchpad's. Its own deployment's delete still removes it by server id. Local
 * machines live in this installation's DATA_DIR and are all its own.
 */
export async function reconcile(deps: JobDeps): Promise<{ failed: number; retried: number; orphans: number; notOurs: number; updatesGivenUp: number }> {
  const now = deps.clock.now();
  let failed = 0;
  for (const d of await stuckProvisioning(deps.db, now)) {
    const reason = 'Provisioning was interrupted or took too long; please delete this deployment and create a new one';
    const row = await changeWithNotice(deps.db, (tx) => failIfStillProvisioning(tx, d.id, reason, now), failedNotice(deps.notices, reason));
    if (!row) continue;
    failed++;
    await addEvent(deps.db, d.id, 'Provisioning stopped without finishing: marked failed', now);
  }

  const updatesGivenUp = await endAbandonedVersionUpdates(deps);
  const abandoned = await claimForDeletion(deps.db, abandonedDeletions(now), now, deletionLeaseMs);
  for (const d of abandoned) await removeMachine(deps, d);

  let orphans = 0;
  let notOurs = 0;
  const ours = await installationId(deps.db);
  for (const provider of deps.providers.all()) {
    let machines;
    try {
      machines = await provider.listOwned();
    } catch (err) {
      deps.logger.warn({ err, provider: provider.name }, 'could not list machines for orphan clean-up');
      continue;
    }
    const ids = machines.flatMap((m) => (m.deploymentId && isUuid(m.deploymentId) ? [m.deploymentId] : []));
    const live = await knownDeploymentIds(deps.db, ids);
    const unlabelled = provider.name !== 'local' && machines.some((m) => m.installationId === undefined);
    const recorded = unlabelled ? await recordedDeploymentIds(deps.db, ids) : new Set<string>();
    for (const m of machines) {
      if (m.deploymentId && live.has(m.deploymentId)) continue;
      const mine = m.installationId === ours || (m.installationId === undefined && (provider.name === 'local' || (m.deploymentId !== undefined && recorded.has(m.deploymentId))));
      if (!mine) {
        notOurs++;
        if (m.installationId === undefined) {
          deps.logger.info(
            { provider: provider.name, serverId: m.serverId, deploymentId: m.deploymentId },
            'left alone: a Launchpad machine without an installation label that this database does not know',
          );
        }
        continue;
      }
      await provider.delete(m.serverId).then(
        () => {
          orphans++;
          deps.logger.info({ provider: provider.name, serverId: m.serverId, deploymentId: m.deploymentId }, 'deleted orphaned machine');
        },
        (err: unknown) => deps.logger.warn({ err, serverId: m.serverId }, 'could not delete orphaned machine'),
      );
    }
  }
  return { failed, retried: abandoned.length, orphans, notOurs, updatesGivenUp };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
