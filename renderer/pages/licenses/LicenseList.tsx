import type { License } from '../../../shared/api/licenses';
import { LicenseRow } from './LicenseRow';
import { LoadError } from '../../shell/LoadError';
import type { useMyLicenses } from '../../queries/licenses';

interface Props {
  query: ReturnType<typeof useMyLicenses>;
  onPay: (license: License) => void;
  onRenew: (license: License) => void;
  highlightId: string | undefined;
}

/** Your Licenses: every license of the user, newest first. */
export function LicenseList({ query, onPay, onRenew, highlightId }: Props) {
  const count = query.data?.length;
  return (
    <section className="lic-list-section" aria-labelledby="your-licenses">
      <div className="lic-section-head">
        <h2 id="your-licenses">Your Licenses</h2>
        {count !== undefined && count > 0 && <span className="lic-count">{count}</span>}
      </div>
      {query.isPending && <p className="muted">Loading your licenses…</p>}
      {query.isError && <LoadError what="your licenses" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <div className="empty-state lic-empty">
          <p>You have no licenses yet.</p>
          <p className="muted">Choose a license above: the Community Edition and the Enterprise Trial are free and issue a key straight away.</p>
        </div>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <ul className="stack-list lic-items">
          {query.data.map((l) => (
            <LicenseRow key={l.id} license={l} onPay={onPay} onRenew={onRenew} highlight={l.id === highlightId} />
          ))}
        </ul>
      )}
    </section>
  );
}
