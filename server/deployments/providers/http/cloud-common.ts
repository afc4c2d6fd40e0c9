import type { SshRemoteOptions } from '../ssh/remote';
import { ProviderError, type MachineSpec } from '../types';
import type { HttpTuning } from './api-client';

/** Options of the cloud providers (Hetzner, Civo) beyond their config: HTTP tuning and SSH access. */
export type CloudProviderOptions = HttpTuning & SshRemoteOptions;

export const ownerLabel = 'launchpad';
export const deploymentLabel = 'launchpad-deployment';
/**
 * Which Launchpad installation made the machine (a uuid: valid as a Hetzner label value and inside
 * a Civo tag). Launchpads sharing a Hetzner project or Civo account reconcile only their own.
 */
export const installationLabel = 'launchpad-installation';

/**
 * The labels every machine gets: `launchpad=true`, `launchpad-deployment=<id>`,
 * `launchpad-installation=<id>`, plus the spec's own.
 */
export function ownedLabels(spec: MachineSpec): Record<string, string> {
  const labels: Record<string, string> = { ...spec.labels, [ownerLabel]: 'true', [deploymentLabel]: spec.deploymentId };
  if (spec.installationId) labels[installationLabel] = spec.installationId;
  return labels;
}

/** `https://<ipv4 with dots replaced by dashes>.<cluster domain>/` (interop spec). */
export function uiUrlFor(ipv4: string | null, clusterDomain: string): string | null {
  if (!ipv4 || !/^\d{1,3}(\.\d{1,3}){3}$/.test(ipv4)) return null;
  return `https://${ipv4.replaceAll('.', '-')}.${clusterDomain}/`;
}

export function requireCredential(value: string | undefined, name: string): string {
  if (!value) throw new ProviderError(`${name} is not configured`);
  return value;
}

/** True for the "it is already gone" answer of a delete or get. */
export const isNotFound = (err: unknown) => err instanceof ProviderError && err.status === 404;
