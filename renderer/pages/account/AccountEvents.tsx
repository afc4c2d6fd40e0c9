import { auditActionLabel } from '../../../shared/api/audit';
import { useMyAudit } from '../../queries/audit';
import { formatDateTime } from '../../../shared/format/dates';
import { DataTable } from '../../shell/DataTable';

/** The audit log's events about this account (top-ups, keys, refused sign-ins), newest first. */
export function AccountEvents() {
  const q = useMyAudit();
  const events = q.data?.pages.flatMap((p) => p.events) ?? [];

  if (q.isPending) return <p className="muted">Loading events…</p>;
  if (q.isError && events.length === 0)
    return (
      <p className="form-error" role="alert">
        Could not load your account's events: {q.error.message}
      </p>
    );
  if (events.length === 0) return <p className="muted">Nothing has been recorded for your account yet.</p>;

  return (
    <DataTable
      label="Account activity"
      testId="account-events"
      keyColumns={['When', 'Event']}
      columns={['When', 'Event', 'By', 'Address']}
      after={
        q.hasNextPage && (
          <button type="button" className="btn btn-small" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )
      }
    >
      {events.map((e) => (
        <tr key={e.id}>
          <td>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </td>
          <td>{auditActionLabel(e.action)}</td>
          <td>{e.actor_email ?? '—'}</td>
          <td>{e.ip_address ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
