import { claimForDeletion, abandonedDeletions, expiredAt, failIfStillProvisioning, knownDeploymentIds, stuckProvisioning, addEvent } from './queries';
import { deletionLeaseMs, removeMachine, type DeploymentDeps } from './service';

type JobDeps = Pick<DeploymentDeps, 'db' | 'clock' | 'providers' | 'logger'>;

/**
 * Terminates deployments whose timeout has passed (created_at + timeout_mins). Each row is
 * claimed by one atomic update, so two server instances never terminate the same one twice.
 */
export async function autoTerminate(deps: JobDeps): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claimForDeletion(deps.db, expiredAt(now), now, deletionLeaseMs, 'Timeout reached: the deployment was terminated');
  for (const d of claimed) await removeMachine(deps, d);
  return claimed.length;
}

/**
 * Puts right what a crash or a stuck cloud leaves behind:
 * - provisioning whose worker stopped renewing its lease (the server died mid-create) fails with a message,
 *   and its machine, if one was made, is deleted;
 * - deletions whose worker died are retried;
 * - machines labelled as Launchpad's that no live deployment owns are deleted (no orphaned paid machines).
 */
export async function reconcile(deps: JobDeps): Promise<{ failed: number; retried: number; orphans: number }> {
  const now = deps.clock.now();
  let failed = 0;
  for (const d of await stuckProvisioning(deps.db, now)) {
    const row = await failIfStillProvisioning(deps.db, d.id, 'Provisioning was interrupted or took too long; please delete this deployment and create a new one', now);
    if (!row) continue;
    failed++;
    await addEvent(deps.db, d.id, 'Provisioning stopped without finishing: marked failed', now);
  }

  const abandoned = await claimForDeletion(deps.db, abandonedDeletions(now), now, deletionLeaseMs);
  for (const d of abandoned) await removeMachine(deps, d);

  let orphans = 0;
  for (const provider of deps.providers.all()) {
    let machines;
    try {
      machines = await provider.listOwned();
    } catch (err) {
      deps.logger.warn({ err, provider: provider.name }, 'could not list machines for orphan clean-up');
      continue;
    }
    const live = await knownDeploymentIds(deps.db, machines.flatMap((m) => (m.deploymentId && isUuid(m.deploymentId) ? [m.deploymentId] : [])));
    for (const m of machines) {
      if (m.deploymentId && live.has(m.deploymentId)) continue;
      await provider.delete(m.serverId).then(
        () => {
          orphans++;
          deps.logger.info({ provider: provider.name, serverId: m.serverId, deploymentId: m.deploymentId }, 'deleted orphaned machine');
        },
        (err: unknown) => deps.logger.warn({ err, serverId: m.serverId }, 'could not delete orphaned machine'),
      );
    }
  }
  return { failed, retried: abandoned.length, orphans };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
