import { useState } from 'react';
import type { SentMail } from '../../../shared/api/notifications';
import { useAdminMail } from '../../queries/notifications';
import type { PageProps } from '../../routes/pages';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import './admin-mail.css';
import { formatDateTime } from '../../../shared/format/dates';
import { CustomerLink } from '../../shell/admin/CustomerLink';
import { Pagination } from '../../shell/Pagination';

const description = 'Every e-mail the platform sent, or kept here when no SMTP server is configured.';

function deliveryText(m: SentMail): string {
  if (m.transport === 'database') return 'Kept here (no SMTP configured)';
  if (m.delivered) return 'Sent by SMTP';
  return m.error ? `Not sent yet: ${m.error}` : 'Waiting to be sent';
}

/** Sent Mail (admin): the e-mail outbox, newest first, to read what users were told. */
export default function SentMailPage({ route }: PageProps) {
  const [page, setPage] = useState(1);
  const { data, isError, isPending } = useAdminMail(page);
  if (route.view === 'public') return <PlaceholderPage name="admin-mail" route={route} description={description} />;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section className="page">
      <PageTitle>Sent Mail</PageTitle>
      <p className="page-lead">{description}</p>
      {isError && <p className="error-text">Could not load the sent mail.</p>}
      {isPending && <p className="muted">Loading…</p>}
      {data && data.mail.length === 0 && <p className="muted">No e-mail yet.</p>}
      {data && data.mail.length > 0 && (
        <ul className="sent-mail-list" data-testid="sent-mail-list">
          {data.mail.map((m) => (
            <li key={m.id} className="card sent-mail">
              <details>
                <summary>
                  <span className="sent-mail-subject">{m.subject}</span>
                  <span className="muted">
                    to {m.to} · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                  </span>
                </summary>
                <p className="muted">
                  {deliveryText(m)} · customer: <CustomerLink email={m.to} />
                </p>
                <pre className="sent-mail-body">{m.body}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label="Sent mail pages" words={['Newer', 'Older']} className="pager" />}
    </section>
  );
}
