import type { SshRemoteOptions } from '../ssh/remote';
import { ProviderError, type MachineSpec } from '../types';
import type { HttpTuning } from './api-client';

/** Options of the cloud providers (Hetzner, Civo) beyond their config: HTTP tuning and SSH access. */
export type CloudProviderOptions = HttpTuning & SshRemoteOptions;

export const ownerLabel = 'launchpad';
export const deploymentLabel = 'launchpad-deployment';

/** The labels every machine gets: `launchpad=true`, `launchpad-deployment=<id>`, plus the spec's own. */
export function ownedLabels(spec: MachineSpec): Record<string, string> {
  return { ...spec.labels, [ownerLabel]: 'true', [deploymentLabel]: spec.deploymentId };
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
