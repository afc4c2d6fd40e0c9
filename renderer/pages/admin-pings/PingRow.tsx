import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { InstallationRecord } from '../../../shared/api/pings';
import { formatAgo, formatDate, formatDateTime } from '../../../shared/format/dates';
import { isAddressRow } from '../../../shared/pings/installation-key';
import { linkTo } from '../../routes/links';
import { CountryFlag } from './CountryFlag';
import { sharedAddressNote, short, shortVersion } from './format';
import { StatusBadge, UsersAgainstLimit, VersionsBehind } from './InsightBadges';
import { MetadataCell } from './MetadataCell';
import { CustomerLink } from '../../shell/admin/CustomerLink';

/** An address with a line-break opportunity after each colon, so a long IPv6 address wraps in a narrow column. */
function breakableAddress(ip: string): ReactNode {
  if (!ip.includes(':')) return ip;
  return ip.split(':').map((part, i) => (
    // the parts of an address never move, so their position is their identity
    <Fragment key={i}>
      {i > 0 && ':'}
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export function PingRow({ ping: p, now }: { ping: InstallationRecord; now: number }) {
  const place = [p.city, p.country_name].filter(Boolean).join(', ');
  return (
    <tr data-testid="ping-row" data-deployment-id={p.deployment_id} data-status={p.status}>
      <th scope="row" className="ping-address">
        <span className="ping-ip">
          <CountryFlag code={p.country} place={place} /> <span>{breakableAddress(p.ip_address)}</span>
        </span>
        {p.is_managed && <span className="badge badge-info">Managed</span>}
        {isAddressRow(p.id) && (
          <span className="badge badge-muted" title={sharedAddressNote} data-testid="shared-address">
            Shared address
          </span>
        )}
      </th>
      <td>
        <StatusBadge status={p.status} />
      </td>
      <td title={p.deployment_id}>
        <Link to={linkTo('admin-installation', { id: p.id })} data-testid="installation-link">
          <code>{short(p.deployment_id)}</code>
          <span className="visually-hidden"> installation {p.id}</span>
        </Link>
      </td>
      <td className="ping-email" title={p.instance_user_email ?? undefined}>
        <CustomerLink email={p.instance_user_email} />
      </td>
      <td className="ping-email" title={p.license_user_email ?? undefined}>
        <CustomerLink email={p.license_user_email} />
      </td>
      <td className="ping-org">
        <span className="ping-org-name" title={p.organization_name ?? undefined}>
          {p.organization_name ?? '—'}
        </span>
        <LicenceBadge ping={p} />
      </td>
      <td>
        <code title={p.version}>{shortVersion(p.version)}</code>
      </td>
      <td>
        <VersionsBehind n={p.versions_behind} />
      </td>
      <td className="num">{p.apps_count}</td>
      <td className="num">
        <UsersAgainstLimit ping={p} />
      </td>
      <td>
        <time dateTime={p.vintage}>{formatDate(p.vintage)}</time>
      </td>
      <td>
        <time dateTime={p.last_ping} title={formatDateTime(p.last_ping)}>
          {formatAgo(p.last_ping, now)}
        </time>
      </td>
      <td>
        <MetadataCell metadata={{ ...(p.edition ? { edition: p.edition } : {}), ...p.metadata }} />
      </td>
    </tr>
  );
}

/** Licensed only while the key's licence is in force: a revoked or replaced key says so (issue 44). */
function LicenceBadge({ ping }: { ping: InstallationRecord }) {
  if (!ping.license_id) return null;
  if (ping.license_state === 'revoked')
    return (
      <span className="badge badge-danger" data-testid="licence-badge" title="This installation pings with a revoked key">
        Revoked
      </span>
    );
  if (ping.license_state === 'replaced')
    return (
      <span className="badge badge-warn" data-testid="licence-badge" title={`This installation pings with a replaced key; its successor is ${ping.replaced_by ?? 'another licence'}`}>
        Replaced
      </span>
    );
  return (
    <span className="badge badge-success" data-testid="licence-badge">
      Licensed
    </span>
  );
}
