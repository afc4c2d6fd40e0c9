import { z } from 'zod';
import type { Machine, MachineState } from '../types';
import { deploymentLabel, installationLabel } from '../http/cloud-common';

/** The parts of Hetzner Cloud API v1 answers Launchpad reads (docs.hetzner.cloud); unknown fields pass. */

export const hetznerServer = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  labels: z.record(z.string(), z.string()).default({}),
  public_net: z
    .object({ ipv4: z.object({ ip: z.string() }).nullable().optional() })
    .nullable()
    .optional(),
});
export type HetznerServer = z.infer<typeof hetznerServer>;

export const serverAnswer = z.object({ server: hetznerServer });

const pagination = z.object({ page: z.number(), next_page: z.number().nullable() });
export const serverList = z.object({ servers: z.array(hetznerServer), meta: z.object({ pagination }).optional() });

export const hetznerSshKey = z.object({ id: z.number().int(), name: z.string(), public_key: z.string() });
export const sshKeyAnswer = z.object({ ssh_key: hetznerSshKey });
export const sshKeyList = z.object({ ssh_keys: z.array(hetznerSshKey) });

/** DELETE answers: an action for servers, nothing (204) for SSH keys. */
export const anything = z.unknown();

/**
 * Server status → MachineState. Documented values: initializing, starting, running, stopping, off,
 * deleting, migrating, rebuilding, unknown. `deleting` still exists but serves nothing: `stopped`.
 */
export function machineState(status: string): MachineState {
  switch (status) {
    case 'running':
      return 'running';
    case 'stopping':
    case 'off':
    case 'deleting':
      return 'stopped';
    default:
      return 'provisioning';
  }
}

export function toMachine(s: HetznerServer): Machine {
  return { serverId: String(s.id), state: machineState(s.status), ipv4: s.public_net?.ipv4?.ip ?? null, deploymentId: s.labels[deploymentLabel], installationId: s.labels[installationLabel] };
}
