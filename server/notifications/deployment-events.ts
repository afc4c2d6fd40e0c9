import { formatDateTime } from '../../shared/format/dates';
import { deploymentPath } from '../../shared/routes/app-paths';
import type { DeploymentActor, VersionChange } from '../deployments/notices';
import type { DeploymentRow } from '../deployments/queries';
import { accountWords } from './account-words';
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
    link: deploymentPath(d.id),
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
    link: deploymentPath(d.id),
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
    link: deploymentPath(d.id),
    createdBy: d.createdBy,
  });
}

/** Who did it, for the account's bell: "You" in a personal account, the member's e-mail in a team's. */
async function whoDid(deps: NotifyDeps, d: DeploymentRow, by: DeploymentActor): Promise<string> {
  return (await accountWords(deps.db, d.userId)).whose === 'your' ? 'You' : by.email;
}

/** Its owner (in a team: everyone in the bell, the owner, admins and its creator by e-mail) hears who deleted it. */
export async function deploymentDeleted(deps: NotifyDeps, d: DeploymentRow, by: DeploymentActor): Promise<boolean> {
  const who = await whoDid(deps, d, by);
  return notify(deps, {
    userId: d.userId,
    kind: 'deployment_deleted',
    dedupeKey: `deployment_deleted:${d.id}`,
    title: `Deployment ${d.name} was deleted`,
    body: `${who} deleted the deployment "${d.name}". Its machine and everything on it are removed; it is no longer billed.`,
    link: deploymentPath(d.id),
    actorId: by.id,
    createdBy: d.createdBy,
  });
}

/** A new timeout: when the deployment now ends, and who set it. */
export async function deploymentTimeoutChanged(deps: NotifyDeps, d: DeploymentRow, by: DeploymentActor): Promise<boolean> {
  const who = await whoDid(deps, d, by);
  const at = deps.clock.now();
  const ends = d.timeoutMins === null ? null : new Date(d.createdAt.getTime() + d.timeoutMins * 60_000);
  return notify(deps, {
    userId: d.userId,
    kind: 'deployment_timeout',
    // one notice per change: the same deployment may be extended many times
    dedupeKey: `deployment_timeout:${d.id}:${at.getTime()}`,
    title: ends ? `Deployment ${d.name} now runs until ${formatDateTime(ends, 'UTC')} UTC` : `Deployment ${d.name} now runs until deleted`,
    body: ends
      ? `${who} changed the timeout of the deployment "${d.name}": it is terminated at ${formatDateTime(ends, 'UTC')} UTC unless the timeout is changed again.`
      : `${who} removed the timeout of the deployment "${d.name}": it runs, and is billed, until it is deleted.`,
    link: deploymentPath(d.id),
    actorId: by.id,
    createdBy: d.createdBy,
  });
}

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
