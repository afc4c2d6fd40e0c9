import { useState } from 'react';
import type { AlertListResponse } from '../../../shared/api/admin-alerts';
import { useAdminAlertList } from '../../queries/admin-alerts';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { OptionSelect } from '../../shell/OptionSelect';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { Pagination } from '../../shell/Pagination';
import { AlertsTable } from './AlertsTable';
import { TestAlertForm } from './TestAlertForm';
import './admin-alerts.css';

const description = 'Every administrator alert, newest first. A condition stays open until it no longer holds; acknowledge an alert to tell the other administrators it is in hand.';

function WebhookLine({ webhook }: { webhook: AlertListResponse['webhook'] }) {
  if (!webhook.configured)
    return (
      <p className="muted" data-testid="alert-webhook">
        No webhook is configured: set <code>ALERT_WEBHOOK_URL</code> and <code>ALERT_WEBHOOK_SECRET</code> to deliver alerts to a chat tool.
      </p>
    );
  return (
    <p className="muted" data-testid="alert-webhook">
      Each alert is also delivered to the webhook at <strong>{webhook.host}</strong>, signed with HMAC-SHA256 (<code>X-Launchpad-Signature</code>) and retried with backoff.
    </p>
  );
}

/** Alerts (admin): the operator's history of alerts, acknowledgement, test sends and each alert's webhook deliveries. */
export default function AlertsPage({ route }: PageProps) {
  const [page, setPage] = useState(1);
  const [show, setShow] = useState<'all' | 'attention'>('all');
  const list = useAdminAlertList(page, show);
  if (route.view === 'public') return <PlaceholderPage name="admin-alerts" route={route} description={description} />;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section className="page admin-alerts-page">
      <PageTitle>{headingOf('admin-alerts')}</PageTitle>
      <p className="page-lead">{description}</p>
      {data && <WebhookLine webhook={data.webhook} />}
      <TestAlertForm />
      <div className="filter-bar alerts-filter">
        <label>
          <span>Show</span>
          <OptionSelect
            value={show}
            options={[
              ['all', 'All alerts'],
              ['attention', 'Needing attention'],
            ]}
            onChange={(v) => {
              setShow(v === 'attention' ? 'attention' : 'all');
              setPage(1);
            }}
          />
        </label>
      </div>
      <ErrorBoundary label="Alerts">
        <div className="card table-card">
          {list.isError && (
            <p className="form-error card-body" role="alert">
              Could not load the alerts: {list.error.message}
            </p>
          )}
          {list.isPending ? (
            <p className="muted card-body">Loading alerts…</p>
          ) : (
            <AlertsTable alerts={data?.alerts ?? []} webhookOn={data?.webhook.configured ?? false} empty={show === 'attention' ? 'No alert needs attention.' : 'No alerts yet.'} />
          )}
        </div>
      </ErrorBoundary>
      {data && pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label="Alert pages" words={['Newer', 'Older']} className="pager" />}
    </section>
  );
}
