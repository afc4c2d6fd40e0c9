import { type AuditEvent, auditActionLabel } from '../../../shared/api/audit';

const when = (iso: string) => new Date(iso).toLocaleString();
const detailsText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string)}`)
    .join(' · ');

/** One page of events: when, what, who, on what, from where, in which request. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className="table-wrap" role="region" aria-label="Audit events" tabIndex={0}>
      <table className="table audit-table" data-testid="audit-events">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Actor</th>
            <th scope="col">Target</th>
            <th scope="col">Address</th>
            <th scope="col">Request</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.length === 0 && (
            <tr>
              <td colSpan={7} className="muted table-empty">
                No events match.
              </td>
            </tr>
          )}
          {events.map((e) => (
            <tr key={e.id} data-action={e.action}>
              <td>
                <time dateTime={e.at}>{when(e.at)}</time>
              </td>
              <td title={e.action}>{auditActionLabel(e.action)}</td>
              <td>{e.actor_email ?? '—'}</td>
              <td>{e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : '—'}</td>
              <td>{e.ip_address ?? '—'}</td>
              <td>
                <code className="small">{e.request_id ?? '—'}</code>
              </td>
              <td className="audit-details">{detailsText(e.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
