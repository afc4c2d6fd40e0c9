import type { InstallationRecord } from '../../../shared/api/pings';
import type { ListSort } from '../../shell/view-state';

/**
 * Sorting the Ping Dashboard. The API lists installations by last ping and has no sort parameter,
 * so a column sorts the rows of the page on screen (30 at most).
 */
export const sortKeys = ['ip', 'status', 'deployment', 'instance_user', 'license_user', 'organization', 'version', 'behind', 'apps', 'users', 'vintage', 'last_ping'] as const;
export type SortKey = (typeof sortKeys)[number];
export type PingSort = ListSort<SortKey>;

type Value = string | number | null;
const statusOrder = { new: 0, active: 1, inactive: 2 } as const;
const time = (iso: string) => Date.parse(iso);

const valueOf: Record<SortKey, (p: InstallationRecord) => Value> = {
  ip: (p) => p.ip_address,
  status: (p) => statusOrder[p.status],
  deployment: (p) => p.deployment_id,
  instance_user: (p) => p.instance_user_email,
  license_user: (p) => p.license_user_email,
  organization: (p) => p.organization_name,
  version: (p) => p.version,
  behind: (p) => p.versions_behind,
  apps: (p) => p.apps_count,
  users: (p) => p.users_count,
  vintage: (p) => time(p.vintage),
  last_ping: (p) => time(p.last_ping),
};

const text = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text.compare(String(a), String(b));
}

/** The rows in the order of one column; empty values last either way; ties keep the server's order. */
export function sortPings(rows: readonly InstallationRecord[], sort: PingSort | undefined): InstallationRecord[] {
  if (!sort) return [...rows];
  const get = valueOf[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: get(row) }))
    .sort((a, b) => {
      const emptyA = a.v === null || a.v === '';
      const emptyB = b.v === null || b.v === '';
      if (emptyA || emptyB) return emptyA === emptyB ? a.i - b.i : emptyA ? 1 : -1;
      return sign * compare(a.v, b.v) || a.i - b.i;
    })
    .map((x) => x.row);
}
