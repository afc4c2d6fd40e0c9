import { type AuditEvent, auditActionLabel } from '../../../shared/api/audit';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { formatDateTime } from '../../../shared/format/dates';
import { CustomerLink } from '../../shell/admin/CustomerLink';

const when = (iso: string) => formatDateTime(iso);
/** Events name a licence `licence` (kept as recorded, for filters and exports); screens spell it License. */
const targetTypeText = (type: string) => (type === 'licence' ? 'license' : type);
const detailsText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string)}`)
    .join(' · ');

/**
 * One page of events: when, what, who, on what, and the details, with where from (address and
 * request) under them: the secondary fields sit in the row's detail so the table fits from 1280 px.
 */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <DataTable
      label="Audit events"
      testId="audit-events"
      className="table audit-table"
      scope="col"
      keyColumns={['Action', 'Actor', 'Target', 'Details']}
      columns={['When', 'Action', 'Actor', 'Target', 'Details']}
    >
      {events.length === 0 && (
        <MessageRow colSpan={5} className="muted table-empty">
          No events match.
        </MessageRow>
      )}
      {events.map((e) => (
        <tr key={e.id} data-action={e.action}>
          <td>
            <time dateTime={e.at}>{when(e.at)}</time>
          </td>
          <td title={e.action}>{auditActionLabel(e.action)}</td>
          <td className="audit-wrap">
            <CustomerLink email={e.actor_email} userId={e.actor_user_id} />
          </td>
          <td className="audit-wrap">{e.target_type ? `${targetTypeText(e.target_type)} ${e.target_id ?? ''}` : '—'}</td>
          <td className="audit-details">
            {detailsText(e.details)}
            <span className="audit-origin muted">
              From {e.ip_address ?? 'no address'} · request <code>{e.request_id ?? '—'}</code>
            </span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
