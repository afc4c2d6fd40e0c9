import { Link } from 'react-router-dom';
import type { AlertWire } from '../../../shared/api/admin-alerts';
import { formatDateTime } from '../../../shared/format/dates';
import { useAcknowledgeAlert } from '../../queries/admin-alerts';
import { DataTable, MessageRow } from '../../shell/DataTable';

const columns = ['Raised', 'Alert', 'State', 'Webhook', 'Actions'] as const;

function StateCell({ alert }: { alert: AlertWire }) {
  const state =
    alert.state === 'open' ? (
      <span className="status-badge status-failed">Open</span>
    ) : alert.state === 'cleared' ? (
      <span className="status-badge status-running">Cleared</span>
    ) : (
      <span className="status-badge">Event</span>
    );
  return (
    <>
      {state}
      {alert.cleared_at && (
        <span className="muted alert-sub">
          cleared <time dateTime={alert.cleared_at}>{formatDateTime(alert.cleared_at)}</time>
        </span>
      )}
      {alert.acknowledged_at && (
        <span className="muted alert-sub" data-testid="alert-acknowledged">
          Acknowledged by {alert.acknowledged_by ?? 'a former administrator'}, <time dateTime={alert.acknowledged_at}>{formatDateTime(alert.acknowledged_at)}</time>
        </span>
      )}
    </>
  );
}

function webhookText(w: AlertWire['webhook']): string {
  if (w.status === 'off') return 'Not sent (no webhook configured then)';
  if (w.status === 'delivered') return `Delivered${w.attempts > 1 ? ` after ${w.attempts} attempts` : ''}`;
  if (w.status === 'failed') return `Failed after ${w.attempts} attempts`;
  if (w.attempts === 0) return 'Waiting to be sent';
  return `Retrying (attempt ${w.attempts} failed)${w.next_at ? `, next ${formatDateTime(w.next_at)}` : ''}`;
}

function WebhookCell({ alert }: { alert: AlertWire }) {
  const w = alert.webhook;
  return (
    <>
      <span data-testid="alert-webhook-status" data-status={w.status}>
        {webhookText(w)}
      </span>
      {w.log.length > 0 && (
        <details className="alert-log">
          <summary>Delivery log ({w.log.length})</summary>
          <ol>
            {w.log.map((d) => (
              <li key={d.attempt}>
                <time dateTime={d.at}>{formatDateTime(d.at)}</time>: {d.error ?? `answered ${d.status_code ?? ''}`} ({d.duration_ms} ms)
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

/** One page of alerts: when, what (with its link), open or cleared and who acknowledged it, the webhook's deliveries, and Acknowledge. */
export function AlertsTable({ alerts, empty, webhookOn }: { alerts: AlertWire[]; empty: string; webhookOn: boolean }) {
  const acknowledge = useAcknowledgeAlert();
  return (
    <DataTable label="Alerts" testId="alerts-table" className="table alerts-table" scope="col" keyColumns={['Alert', 'State', 'Actions']} columns={columns}>
      {alerts.length === 0 && (
        <MessageRow colSpan={columns.length} className="muted table-empty">
          {empty}
        </MessageRow>
      )}
      {alerts.map((a) => (
        <tr key={a.id} data-kind={a.kind} data-testid="alert-row">
          <td>
            <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
          </td>
          <td className="alert-what">
            <span className="alert-title">
              {a.test && <span className="status-badge alert-test">Test</span>} {a.link ? <Link to={a.link}>{a.title}</Link> : a.title}
            </span>
            <span className="muted alert-body">{a.body}</span>
          </td>
          <td className="alert-state">
            <StateCell alert={a} />
          </td>
          <td className="alert-webhook">{webhookOn || a.webhook.status !== 'off' ? <WebhookCell alert={a} /> : <span className="muted">—</span>}</td>
          <td>
            {a.acknowledged_at ? (
              <span className="muted">Acknowledged</span>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Acknowledge: ${a.title}`}
                disabled={acknowledge.isPending && acknowledge.variables === a.id}
                onClick={() => acknowledge.mutate(a.id)}
              >
                Acknowledge
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
