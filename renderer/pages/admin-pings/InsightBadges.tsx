import type { InstallationRecord } from '../../../shared/api/pings';
import { inactiveAfterMs, newForMs, type InstallationStatus } from '../../../shared/pings/status';
import { behindText, usersText } from './format';
import { behindDefinition } from '../../../shared/pings/versions-behind';

const statusLook: Record<InstallationStatus, { label: string; className: string; title: string }> = {
  active: { label: 'Active', className: 'status-running', title: `Pinged within the last ${inactiveAfterMs / 3_600_000} hours` },
  inactive: { label: 'Inactive', className: 'status-failed', title: `No ping for ${inactiveAfterMs / 3_600_000} hours or more` },
  new: { label: 'New', className: 'status-new', title: `First seen within the last ${newForMs / 3_600_000} hours` },
};

export function StatusBadge({ status }: { status: InstallationStatus }) {
  const look = statusLook[status];
  return (
    <span className={`status-badge ${look.className}`} title={look.title} data-testid="installation-status">
      {look.label}
    </span>
  );
}

export function VersionsBehind({ n }: { n: number | null }) {
  return (
    <span className={n ? 'versions-behind' : 'muted'} data-testid="versions-behind" title={behindDefinition}>
      {behindText(n)}
    </span>
  );
}

/** Users against the license's limit; over the limit is highlighted. */
export function UsersAgainstLimit({ ping: p }: { ping: Pick<InstallationRecord, 'users_count' | 'users_limit' | 'over_limit'> }) {
  return (
    <span className={p.over_limit ? 'over-limit' : undefined} data-testid="users-vs-limit" title={p.over_limit ? 'More users than the license allows' : undefined}>
      {usersText(p.users_count, p.users_limit)}
      {p.over_limit && <span className="status-badge status-failed">Over limit</span>}
    </span>
  );
}
