import { Link } from 'react-router-dom';
import type { InstallationRecord } from '../../../shared/api/pings';
import { isAddressRow } from '../../../shared/pings/installation-key';
import { linkTo } from '../../routes/links';
import { countryFlag, relativeTime, sharedAddressNote, short } from './format';
import { StatusBadge, UsersAgainstLimit, VersionsBehind } from './InsightBadges';

export function PingRow({ ping: p, now }: { ping: InstallationRecord; now: number }) {
  const place = [p.city, p.country_name].filter(Boolean).join(', ');
  return (
    <tr data-testid="ping-row" data-deployment-id={p.deployment_id} data-status={p.status}>
      <td>
        <StatusBadge status={p.status} />
      </td>
      <td>
        <span title={place || 'Unknown location'} aria-label={place || 'Unknown location'}>
          {countryFlag(p.country)}
        </span>{' '}
        {p.ip_address}
        {p.is_managed && <span className="badge badge-info">Managed</span>}
        {isAddressRow(p.id) && (
          <span className="badge badge-muted" title={sharedAddressNote} aria-label={sharedAddressNote} data-testid="shared-address">
            Shared address
          </span>
        )}
      </td>
      <td title={p.deployment_id}>
        <Link to={linkTo('admin-installation', { id: p.id })} aria-label={`Installation ${p.id}`} data-testid="installation-link">
          <code>{short(p.deployment_id)}</code>
        </Link>
      </td>
      <td>{p.instance_user_email ?? '—'}</td>
      <td>{p.license_user_email ?? '—'}</td>
      <td>
        {p.organization_name ?? '—'}
        {p.license_id && <span className="badge badge-success">Licensed</span>}
      </td>
      <td title={p.version}>
        <code>{short(p.version)}</code>
      </td>
      <td>
        <VersionsBehind n={p.versions_behind} />
      </td>
      <td>{p.apps_count}</td>
      <td>
        <UsersAgainstLimit ping={p} />
      </td>
      <td title={p.vintage}>{new Date(p.vintage).toLocaleDateString()}</td>
      <td title={p.last_ping}>{relativeTime(p.last_ping, now)}</td>
      <td>
        <code className="metadata">{JSON.stringify({ ...(p.edition ? { edition: p.edition } : {}), ...p.metadata })}</code>
      </td>
    </tr>
  );
}
