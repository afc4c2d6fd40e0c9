import { appPath } from '../../shared/routes/app-paths';
import type { VersionChange } from '../deployments/notices';
import type { DeploymentRow } from '../deployments/queries';
import { notify, type NotifyDeps } from './notify';

/**
 * What a deployment's owner is told as it moves on by itself: ready, failed, a version update
 * finished. Each is called inside the transaction that records the change, so the change and its
 * notice commit together (a crash between them leaves neither).
 */

export function deploymentReady(deps: NotifyDeps, d: DeploymentRow): Promise<boolean> {
  // the address last, without a full stop after it: mail clients would take the stop into the link
  const where = d.uiUrl ? `. Its address: ${d.uiUrl}` : '.';
  return notify(deps, {
    userId: d.userId,
    kind: 'deployment_ready',
    dedupeKey: `deployment_ready:${d.id}`,
    title: `Deployment ${d.name} is ready`,
    body: `Your deployment "${d.name}" is running${where}`,
    link: appPath('deployments'),
    createdBy: d.createdBy,
  });
}

export function deploymentFailed(deps: NotifyDeps, d: DeploymentRow, reason: string): Promise<boolean> {
  return notify(deps, {
    userId: d.userId,
    kind: 'deployment_failed',
    dedupeKey: `deployment_failed:${d.id}`,
    title: `Deployment ${d.name} failed`,
    body: `Your deployment "${d.name}" could not be started: ${withStop(reason)} Delete it and create a new one; a failed deployment is not billed.`,
    link: appPath('deployments'),
    createdBy: d.createdBy,
  });
}

export function deploymentVersionChanged(deps: NotifyDeps, d: DeploymentRow, c: VersionChange): Promise<boolean> {
  const notice = c.succeeded
    ? { title: `Deployment ${d.name} now runs ${c.to}`, body: `Your deployment "${d.name}" was updated from ${c.from ?? 'no version'} to ${c.to}.` }
    : {
        title: `Deployment ${d.name} was not updated to ${c.to}`,
        body: `The update of your deployment "${d.name}" to ${c.to} failed; it still runs ${c.from ?? 'its previous version'}. The installer's output is in its logs.`,
      };
  return notify(deps, {
    userId: d.userId,
    kind: 'deployment_version',
    // one notice per update run: the same version may be installed again later
    dedupeKey: `deployment_version:${d.id}:${c.to}:${c.at.getTime()}`,
    ...notice,
    link: appPath('deployments'),
    createdBy: d.createdBy,
  });
}

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
