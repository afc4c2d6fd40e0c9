import type { DeploymentRow } from './queries';
import type { MachineTarget } from './providers/types';

/** Hostname-safe and unique: `lp-` and the first 12 hex digits of the deployment id. */
export const hostnameFor = (deploymentId: string) => `lp-${deploymentId.replace(/-/g, '').slice(0, 12)}`;

export const targetOf = (d: DeploymentRow): MachineTarget => ({ deploymentId: d.id, serverId: d.serverId ?? '', ipv4: d.ipv4, sshPrivateKey: d.sshPrivateKey });
