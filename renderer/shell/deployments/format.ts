import type { Deployment, DeploymentTypeWire } from '../../../shared/api/deployments';
import { isGpuTypeId } from '../../../shared/deployments/catalog';
import type { WireDeploymentStatus } from '../../../shared/deployments/vocabulary';
import { formatDateTime } from '../../../shared/format/dates';

/** "$75", "$0.10", "$5": whole dollars without cents. */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The price line of a type card: $75 per month per user, $0.10 per hour, From $5 per hour (GPU). */
export function priceLine(type: Pick<DeploymentTypeWire, 'hourlyRateCents' | 'monthlyPerUserCents' | 'gpu'>): string {
  if (type.monthlyPerUserCents !== null) return `${formatDollars(type.monthlyPerUserCents)} per month per user`;
  if (type.hourlyRateCents !== null) return `${type.gpu ? 'From ' : ''}${formatDollars(type.hourlyRateCents)} per hour`;
  return '';
}

export type StatusTone = 'installing' | 'running' | 'failed' | 'other';

/** installing, running and failed have their own colour; any other status, known or not, is shown as given. */
export function statusTone(status: WireDeploymentStatus): StatusTone {
  return ownTones[status] ?? 'other';
}
const ownTones: Partial<Record<string, StatusTone>> = { installing: 'installing', running: 'running', failed: 'failed' };

/** By the catalog's `gpu` flag: a type id that merely starts with "gpu" is not a GPU deployment. */
export function isGpuDeployment(d: Pick<Deployment, 'deployment_config_id'>): boolean {
  return isGpuTypeId(d.deployment_config_id);
}

/** `https://<ipv4 with dots replaced by dashes>.<cluster domain>/` (spec: {host}.{cluster domain}). */
export function clusterUiUrl(ipv4: string, clusterDomain: string): string | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ipv4) || !clusterDomain) return undefined;
  return `https://${ipv4.replaceAll('.', '-')}.${clusterDomain}/`;
}

/** The deployment's UI: the address the server recorded, else the cluster form when the domain is known. */
export function deploymentUiUrl(d: Pick<Deployment, 'ui_url' | 'ipv4'>, clusterDomain?: string): string | undefined {
  if (d.ui_url) return d.ui_url;
  if (d.ipv4 && clusterDomain) return clusterUiUrl(d.ipv4, clusterDomain);
  return undefined;
}

/** When a deployment was created, in the one date-time format of the screens. */
export const formatCreated = (iso: string): string => formatDateTime(iso);
