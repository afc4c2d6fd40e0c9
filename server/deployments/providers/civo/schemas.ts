import { z } from 'zod';
import { deploymentLabel, installationLabel } from '../http/cloud-common';
import type { Machine, MachineState } from '../types';

/** The parts of Civo API v2 answers Launchpad reads (civo.com/api); unknown fields pass. */

export const civoInstance = z.object({
  id: z.string(),
  hostname: z.string().optional(),
  status: z.string(),
  public_ip: z.string().nullable().optional(),
  ssh_key_id: z.string().nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
});
export type CivoInstance = z.infer<typeof civoInstance>;

export const instanceList = z.object({ page: z.number(), pages: z.number(), items: z.array(civoInstance) });
export const network = z.object({ id: z.string(), default: z.boolean().optional() });
export const networkList = z.array(network);
export const diskImageList = z.array(z.object({ id: z.string(), name: z.string() }));
export const created = z.object({ id: z.string() });
const sshKey = z.object({ id: z.string(), name: z.string(), public_key: z.string().optional() });
/** GET /v2/sshkeys: a plain array in civogo's ListSSHKeys, a paginated `{items}` in some answers; both are read. */
export const sshKeyListAnswer = z.union([z.array(sshKey), z.object({ items: z.array(sshKey) })]);
export const sshKeyItems = (a: z.infer<typeof sshKeyListAnswer>) => (Array.isArray(a) ? a : a.items);
export const anything = z.unknown();

/**
 * Labels become Civo tags `key=value`: Civo tags are free strings sent space-separated, so a tag
 * holds no spaces (our keys and values never do).
 */
export const labelsToTags = (labels: Record<string, string>) => Object.entries(labels).map(([k, v]) => `${k}=${v}`.replace(/\s+/g, '-'));

export function tagValue(tags: string[] | null | undefined, key: string): string | undefined {
  const tag = (tags ?? []).find((t) => t.startsWith(`${key}=`));
  return tag?.slice(key.length + 1);
}

/** Instance status → MachineState. Civo documents BUILDING and ACTIVE; SHUTOFF/STOPPED after a stop. */
export function machineState(status: string): MachineState {
  switch (status.toUpperCase()) {
    case 'ACTIVE':
      return 'running';
    case 'SHUTOFF':
    case 'STOPPED':
    case 'STOPPING':
      return 'stopped';
    case 'DELETED':
      return 'missing';
    default:
      return 'provisioning';
  }
}

export function toMachine(i: CivoInstance): Machine {
  return { serverId: i.id, state: machineState(i.status), ipv4: i.public_ip || null, deploymentId: tagValue(i.tags, deploymentLabel), installationId: tagValue(i.tags, installationLabel) };
}
