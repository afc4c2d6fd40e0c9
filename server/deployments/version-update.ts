import { typeById } from '../../shared/deployments/catalog';
import { Conflict, InvalidInput } from '../domain-errors';
import { targetOf } from './machine';
import { upgradeScript } from './providers/ssh/upgrade-command';
import type { ExecResult, Provider } from './providers/types';
import { addEvent, type DeploymentRow } from './queries';
import { changeWithNotice } from './notices';
import { ownDeployment, type DeploymentDeps } from './service';
import { abandonedVersionUpdates, claimVersionUpdate, finishVersionUpdate } from './version-update-queries';

/** How long the installer may run; the row's lease adds a margin for the report. */
export const versionUpdateTimeoutMs = 30 * 60_000;
const leaseMarginMs = 5 * 60_000;
/** the end of the installer's output kept in the failure event */
const outputTailChars = 4000;

/** The command that moves a machine of `provider` to `version`. */
function updateCommand(deps: Pick<DeploymentDeps, 'brand'>, row: DeploymentRow, provider: Provider, version: string): string {
  // a local machine is the stand-in platform of server/deployments/providers/local, configured by its env file
  if (provider.name === 'local') return `set -e; sed -i 's/^VERSION=.*/VERSION=${version}/' config/*.env; echo "now at ${version}"`;
  return upgradeScript({ version, gpu: typeById(deps.brand, row.typeId)?.gpu ?? false });
}

/**
 * Starts moving a running deployment to `version`. The row keeps the version the machine has and
 * shows "updating" until the installer has finished; then it shows the new version, or keeps the old
 * one with the installer's output in the deployment's events.
 */
export async function updateVersion(deps: DeploymentDeps, id: string, accountId: string, version: string): Promise<DeploymentRow> {
  const current = await ownDeployment(deps, id, accountId);
  if (!(await deps.releases.isKnown(version))) throw new InvalidInput('Invalid request', [{ path: 'version', message: `Unknown version ${version}` }]);
  if (current.targetVersion) throw new Conflict(`${current.name} is being updated to ${current.targetVersion}: wait until that has finished`);
  if (current.status !== 'running' || !current.serverId) throw new Conflict('The version can be changed once the deployment is running');
  if (current.version === version) return current;
  const provider = deps.providers.byName(current.provider);
  if (!provider) throw new InvalidInput(`Provider ${current.provider} is not configured`);
  const now = deps.clock.now();
  const row = await claimVersionUpdate(deps.db, id, accountId, version, now, new Date(now.getTime() + versionUpdateTimeoutMs + leaseMarginMs));
  if (!row) throw new Conflict('The deployment is being updated or is no longer running');
  await addEvent(deps.db, id, `Updating from ${current.version ?? 'no version'} to ${version}`, now);
  deps.tasks.run(`update ${id} to ${version}`, () => runVersionUpdate(deps, row, provider, version));
  return row;
}

async function runVersionUpdate(deps: DeploymentDeps, row: DeploymentRow, provider: Provider, version: string): Promise<void> {
  let res: ExecResult;
  try {
    res = await provider.exec(targetOf(row), updateCommand(deps, row, provider, version), { timeoutMs: versionUpdateTimeoutMs });
  } catch (err) {
    res = { code: null, output: err instanceof Error ? err.message : String(err) };
  }
  const ok = res.code === 0;
  const at = deps.clock.now();
  // undefined when the deployment was deleted meanwhile: nothing left to report on
  const notices = deps.notices;
  const change = { from: row.version, to: version, succeeded: ok, at };
  const finished = await changeWithNotice(deps.db, (tx) => finishVersionUpdate(tx, row.id, version, ok, at), notices && ((tx, d) => notices.versionChanged(tx, d, change)));
  if (!finished) return;
  if (ok) {
    await addEvent(deps.db, row.id, `Updated to ${version}`, at);
    return;
  }
  const how = res.code === null ? 'it did not finish (timed out or the connection broke)' : `exit ${res.code}`;
  const output = res.output.length > outputTailChars ? `…${res.output.slice(-outputTailChars)}` : res.output;
  await addEvent(deps.db, row.id, `Update to ${version} failed (${how}); the recorded version stays ${row.version ?? 'unset'}. Installer output:\n${output.trimEnd()}`, at);
}

/** Gives up updates whose worker never reported (the server stopped while the installer ran). */
export async function endAbandonedVersionUpdates(deps: Pick<DeploymentDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let ended = 0;
  for (const d of await abandonedVersionUpdates(deps.db, now)) {
    if (!d.targetVersion || !(await finishVersionUpdate(deps.db, d.id, d.targetVersion, false, now))) continue;
    ended++;
    await addEvent(deps.db, d.id, `Update to ${d.targetVersion} gave no result (Launchpad stopped while it ran): the recorded version is unchanged; update again to be sure which version runs`, now);
  }
  return ended;
}
