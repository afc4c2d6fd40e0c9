import { Link } from 'react-router-dom';
import type { InstallationDetail } from '../../../shared/api/pings';
import { useInstallation } from '../../queries/pings';
import type { PageProps } from '../../routes/pages';
import { linkTo } from '../../routes/links';
import { PageTitle } from '../../shell/Page';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { StatusBadge, UsersAgainstLimit, VersionsBehind } from './InsightBadges';
import { UptimeChart } from './UptimeChart';
import { formatAgo, formatDate } from '../../../shared/format/dates';
import { CountryFlag } from './CountryFlag';
import './insights.css';
import { CustomerLink } from '../../shell/admin/CustomerLink';
import { Loaded } from '../../shell/Loaded';

const day = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** One installation of the Ping Dashboard (/admin/installations/id/<row id>): status, license, 14-day uptime, versions over time. */
export default function InstallationPage({ route }: PageProps) {
  const id = route.params.id ?? '';
  const detail = useInstallation(id);
  const now = Date.now();
  return (
    <section className="page">
      <p>
        <Link to={linkTo('admin-pings')}>← Ping Dashboard</Link>
      </p>
      <PageTitle>Installation</PageTitle>
      <Loaded query={detail} pending={id ? 'Loading…' : 'No installation chosen.'}>
        {(data) => <Installation detail={data} now={now} />}
      </Loaded>
    </section>
  );
}

function Installation({ detail: { installation: p, license, uptime, versions }, now }: { detail: InstallationDetail; now: number }) {
  return (
    <>
      <p className="page-lead" data-testid="installation-summary">
        <StatusBadge status={p.status} /> {p.organization_name ?? p.license_user_email ?? p.instance_user_email ?? p.ip_address} · last ping {formatAgo(p.last_ping, now)}
      </p>
      <div className="ping-charts">
        <UptimeChart days={uptime} />
        <figure className="card">
          <figcaption>Installation</figcaption>
          <dl className="installation-facts">
            <dt>Id</dt>
            <dd>
              <code>{p.id}</code>
            </dd>
            <dt>Address</dt>
            <dd>
              <CountryFlag code={p.country} place={[p.city, p.country_name].filter(Boolean).join(', ')} /> {[p.ip_address, p.city, p.country_name].filter(Boolean).join(', ')}
            </dd>
            <dt>Version</dt>
            <dd>
              <code>{p.version}</code> <VersionsBehind n={p.versions_behind} />
            </dd>
            <dt>Users</dt>
            <dd>
              <UsersAgainstLimit ping={p} />
            </dd>
            <dt>Apps</dt>
            <dd>{p.apps_count}</dd>
            <dt>First seen</dt>
            <dd>{day(p.vintage)}</dd>
          </dl>
        </figure>
      </div>
      <div className="ping-charts">
        <figure className="card" data-testid="installation-license">
          <figcaption>License</figcaption>
          {license ? (
            <dl className="installation-facts">
              <dt>Organization</dt>
              <dd>{license.organization_name}</dd>
              <dt>Holder</dt>
              <dd>
                <CustomerLink email={license.email} />
              </dd>
              <dt>Type</dt>
              <dd>{license.type}</dd>
              <dt>Status</dt>
              <dd>{license.status}</dd>
              <dt>User limit</dt>
              <dd>{license.users_limit ?? 'Unlimited'}</dd>
              <dt>GPU limit</dt>
              <dd>{license.gpus_limit ?? 'Unlimited'}</dd>
              <dt>Support</dt>
              <dd>{license.support_level}</dd>
              <dt>Expires</dt>
              <dd>{license.perpetual ? 'Never (perpetual)' : day(license.expires_at)}</dd>
            </dl>
          ) : (
            <p className="muted">Unlicensed: this installation sends no license key.</p>
          )}
        </figure>
        <figure className="card">
          <figcaption>Versions over time</figcaption>
          <DataTable label="Versions over time" testId="installation-versions" keyColumns={['Version', 'Pings']} columns={['Version', 'First seen', 'Last seen', 'Pings']}>
            {versions.map((v) => (
              <tr key={v.version}>
                <td>
                  <code>{v.version}</code>
                </td>
                <td title={v.first_seen}>{day(v.first_seen)}</td>
                <td title={v.last_seen}>{day(v.last_seen)}</td>
                <td>{v.pings}</td>
              </tr>
            ))}
            {versions.length === 0 && <MessageRow colSpan={4}>No pings kept in the history.</MessageRow>}
          </DataTable>
        </figure>
      </div>
    </>
  );
}
