import type { Logger } from 'pino';
import type { Brand } from '../../shared/brand';
import { typeById } from '../../shared/deployments/catalog';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { addEvent, failIfStillProvisioning, keepProvisioningLog, findDeploymentAnyState, updateLiveDeployment, type DeploymentRow } from './queries';
import type { Providers } from './providers/registry';
import { hostnameFor, targetOf } from './machine';
import { installFinishedPattern, type Provider } from './providers/types';
import { runAllSetupSteps } from './setup-runner';
import { installationId } from './installation';
import { modelHubTokenOf, noModelHubTokenEvent } from './model-hub-token';
import { changeWithNotice, failedNotice, type DeploymentNotices } from './notices';

export interface ProvisionDeps {
  db: Db;
  clock: Clock;
  providers: Providers;
  brand: Brand;
  logger: Logger;
  /** how long a worker's claim on a row lasts without renewal */
  leaseMs: number;
  /** how often to look at a machine while waiting */
  pollMs: number;
  sleep?: (ms: number) => Promise<void>;
  notices?: DeploymentNotices;
}

/** Time limits from create to running, by provider: GPU machines take up to half an hour. */
export const provisioningLimitMs: Record<string, number> = { local: 5 * 60_000, hetzner: 15 * 60_000, civo: 60 * 60_000 };

/** The provisioning output kept on a row: its last 200,000 characters (a cloud-init log is a few thousand lines at most). */
export const keptLogChars = 200_000;
const keptLog = (log: string) => (log.length > keptLogChars ? log.slice(-keptLogChars) : log);

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Takes a new deployment from pending to running: create the machine, wait for its address and
 * for the install log's "Cloud-init … finished" line, then (GPU) run the setup steps. A delete
 * requested meanwhile wins: the machine just made is removed again.
 */
export async function provision(deps: ProvisionDeps, deploymentId: string): Promise<void> {
  const sleep = deps.sleep ?? defaultSleep;
  const lease = () => new Date(deps.clock.now().getTime() + deps.leaseMs);
  const update = (set: Parameters<typeof updateLiveDeployment>[2]) => updateLiveDeployment(deps.db, deploymentId, { ...set, leaseUntil: lease() }, deps.clock.now());
  const event = (message: string) => addEvent(deps.db, deploymentId, message, deps.clock.now());

  let row = await findDeploymentAnyState(deps.db, deploymentId);
  if (!row || row.status !== 'pending') return;
  const provider = deps.providers.byName(row.provider);
  if (!provider) throw new Error(`unknown provider ${row.provider}`);
  const started = deps.clock.now().getTime();
  const limit = provisioningLimitMs[provider.name] ?? 15 * 60_000;
  const gpu = typeById(deps.brand, row.typeId)?.gpu ?? false;

  try {
    row = await update({ status: 'creating' });
    if (!row) return;
    await event(`Creating ${provider.name} machine ${hostnameFor(deploymentId)} with ${deps.brand.name} ${row.version}`);
    const modelHubToken = gpu ? await modelHubTokenOf(deps.db, row.userId) : undefined;
    if (gpu && !modelHubToken) await event(noModelHubTokenEvent);
    const machine = await provider.create({
      deploymentId,
      hostname: hostnameFor(deploymentId),
      typeId: row.typeId,
      gpu,
      version: row.version ?? '',
      sshPublicKey: row.sshPublicKey ?? '',
      labels: { launchpad: 'true', 'launchpad-deployment': deploymentId },
      installationId: await installationId(deps.db),
      ...(modelHubToken ? { modelHubToken } : {}),
    });
    row = await update({ serverId: machine.serverId, ipv4: machine.ipv4 });
    if (!row) {
      await provider.delete(machine.serverId);
      await event(`Deleted machine ${machine.serverId}: the deployment was deleted while it was being created`);
      return;
    }
    await event(`Machine ${machine.serverId} created`);

    row = await waitForAddress(deps, provider, row, started, limit, sleep, update);
    if (!row) return;
    await event(`Machine is up at ${row.ipv4}; installing`);
    row = await update({ status: 'installing' });
    if (!row) return;

    let log: string | null = null;
    for (;;) {
      log = await provider.installLog(targetOf(row)).catch(() => null);
      if (log && installFinishedPattern.test(log)) break;
      if (deps.clock.now().getTime() - started > limit) throw new Error(`Installation did not finish within ${Math.round(limit / 60_000)} minutes`);
      await sleep(deps.pollMs);
      row = await update({});
      if (!row) return;
    }
    const uiUrl = await provider.uiUrl(targetOf(row));
    row = await changeWithNotice(
      deps.db,
      (tx) => updateLiveDeployment(tx, deploymentId, { status: 'running', uiUrl, provisioningLog: keptLog(log), leaseUntil: null }, deps.clock.now()),
      deps.notices?.ready,
    );
    if (!row) return;
    await event(`${deps.brand.name} is running${uiUrl ? ` at ${uiUrl}` : ''}`);
    if (gpu) await runAllSetupSteps(deps, row, provider);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.warn({ err, deploymentId }, 'provisioning failed');
    const failed = await changeWithNotice(deps.db, (tx) => failIfStillProvisioning(tx, deploymentId, message, deps.clock.now()), failedNotice(deps.notices, message));
    if (failed) {
      await event(`Provisioning failed: ${message}`);
      // what the install printed before it failed stays readable once the machine is gone
      const log = failed.serverId ? await provider.installLog(targetOf(failed)).catch(() => null) : null;
      if (log) await keepProvisioningLog(deps.db, deploymentId, keptLog(log));
      // A failed machine still costs money: remove it, keep the row to show the error.
      if (failed.serverId) await provider.delete(failed.serverId).catch((e: unknown) => deps.logger.warn({ err: e, deploymentId }, 'could not delete failed machine'));
    }
  }
}

async function waitForAddress(
  deps: ProvisionDeps,
  provider: Provider,
  row: DeploymentRow,
  started: number,
  limit: number,
  sleep: (ms: number) => Promise<void>,
  update: (set: Parameters<typeof updateLiveDeployment>[2]) => Promise<DeploymentRow | undefined>,
): Promise<DeploymentRow | undefined> {
  let current: DeploymentRow | undefined = row;
  for (;;) {
    const machine = await provider.get(current.serverId ?? '');
    if (machine.state === 'missing') throw new Error('The machine disappeared while it was being created');
    if (machine.state === 'running' && machine.ipv4) return update({ ipv4: machine.ipv4 });
    if (deps.clock.now().getTime() - started > limit) throw new Error(`The machine was not running within ${Math.round(limit / 60_000)} minutes`);
    await sleep(deps.pollMs);
    current = await update({});
    if (!current) return undefined;
  }
}
