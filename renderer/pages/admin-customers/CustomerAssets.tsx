import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/api/billing';
import type { CustomerOverview } from '../../../shared/api/customers';
import { formatAgo, formatDate } from '../../../shared/format/dates';
import { linkTo } from '../../routes/links';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { StatusBadge } from '../../shell/deployments/StatusBadge';
import { expiryLabel, limitLabel, statusLabel, statusTone, typeLabel } from '../../shell/licenses/format';
import { SectionCard } from '../../shell/SectionCard';
import '../../shell/licenses/license-tags.css';

/** What the customer holds: deployments (ended ones too), licences, and the installations pinging with those licences. */
export function CustomerAssets({ data }: { data: CustomerOverview }) {
  const now = Date.now();
  return (
    <>
      <SectionCard scope="customer" id="deployments" title="Deployments" count={data.deployments.length} note="Newest first, ended ones included">
        <DataTable label="Deployments" testId="customer-deployments-table" scope="col" keyColumns={['Name', 'Status']} columns={['Name', 'Status', 'Provider', 'Rate', 'Version', 'Created', 'Ended']}>
          {data.deployments.length === 0 && <MessageRow colSpan={7}>No deployments.</MessageRow>}
          {data.deployments.map((d) => (
            <tr key={d.id}>
              <td className="customer-wrap" title={d.id}>
                {d.name}
              </td>
              <td>
                <StatusBadge status={d.status} />
                {d.error_message && <span className="muted small customer-error"> {d.error_message}</span>}
              </td>
              <td>{d.provider}</td>
              <td className="num">{d.hourly_rate_cents ? `${formatCents(d.hourly_rate_cents)}/h` : '—'}</td>
              <td>{d.version ? <code>{d.version}</code> : '—'}</td>
              <td className="nowrap">{formatDate(d.created_at)}</td>
              <td className="nowrap">{d.deleted_at ? formatDate(d.deleted_at) : '—'}</td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>

      <SectionCard scope="customer" id="licenses" title="Licenses" count={data.licenses.length}>
        <DataTable
          label="Licenses"
          testId="customer-licenses-table"
          scope="col"
          keyColumns={['License ID', 'Status', 'Expires']}
          columns={['License ID', 'Organization', 'Type', 'Status', 'Users', 'GPUs', 'Expires']}
        >
          {data.licenses.length === 0 && <MessageRow colSpan={7}>No licenses.</MessageRow>}
          {data.licenses.map((l) => (
            <tr key={l.id}>
              <td className="customer-id">
                <code>{l.id}</code>
              </td>
              <td className="customer-wrap">{l.organization_name}</td>
              <td>{typeLabel(l.type)}</td>
              <td>
                <span className={`lic-status lic-status-${statusTone(l)}`}>{statusLabel(l)}</span>
              </td>
              <td className="num">{limitLabel(l.users_limit)}</td>
              <td className="num">{limitLabel(l.gpus_limit)}</td>
              <td className="nowrap">{expiryLabel(l.expires)}</td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>

      <SectionCard scope="customer" id="installations" title="Installations" count={data.installations.length} note="Pinging with one of these licenses">
        <DataTable
          label="Installations"
          testId="customer-installations-table"
          scope="col"
          keyColumns={['Installation', 'Version', 'Last ping']}
          columns={['Installation', 'Organization', 'License', 'Version', 'Users', 'Last ping']}
        >
          {data.installations.length === 0 && <MessageRow colSpan={6}>No installation pings with these licenses.</MessageRow>}
          {data.installations.map((i) => (
            <tr key={i.id}>
              <td className="customer-installation">
                <Link to={linkTo('admin-installation', { id: i.id })}>
                  <code>{i.deployment_id.slice(0, 7)}</code>
                  <span className="visually-hidden"> installation {i.id}</span>
                </Link>{' '}
                <span className="muted small customer-ip">{i.ip_address}</span>
              </td>
              <td className="customer-wrap customer-narrow">{i.organization_name ?? '—'}</td>
              <td className="customer-id">
                <code>{i.license_id}</code>
              </td>
              <td className="customer-id">
                <code>{i.version}</code>
              </td>
              <td className={`num ${i.over_limit ? 'is-debit' : ''}`}>{i.users_limit === null ? i.users_count : `${i.users_count} of ${i.users_limit}`}</td>
              <td title={i.last_ping}>{formatAgo(i.last_ping, now)}</td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>
    </>
  );
}
