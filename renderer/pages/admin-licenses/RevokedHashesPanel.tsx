import { CopyButton } from '../../shell/CopyButton';
import { LoadError } from '../../shell/LoadError';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { useRevokedHashes } from '../../queries/licenses';

/**
 * Every revoked licence's id hash in the exact form of the platform's denylist, ready to paste into
 * `revokedLicenseIDHashes` (api/pkg/license/license.go): installations refuse those keys from the
 * release that carries them. The code → licence mapping stays here, as license.go's comment asks.
 */
export function RevokedHashesPanel() {
  const list = useRevokedHashes();
  return (
    <section className="card adm-lic-hashes" aria-labelledby="revoked-hashes" data-testid="revoked-hashes">
      <div className="adm-lic-hashes-head">
        <h2 id="revoked-hashes">Revoked license hashes</h2>
        {list.data && list.data.hashes.length > 0 && <CopyButton text={list.data.go_map_entries} label="Copy hash lines" what="hash lines" />}
      </div>
      <p className="muted">
        Paste these lines inside <code>var revokedLicenseIDHashes = map[string]string{'{ … }'}</code> in <code>api/pkg/license/license.go</code> of the platform: installations refuse a revoked key
        from the next release that carries its hash. Each line is the SHA-256 of the license ID and a short code listed below.
      </p>
      {list.isPending && <p className="muted">Loading revoked licenses…</p>}
      {list.isError && <LoadError className="form-error" what="revoked licenses" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.hashes.length === 0 && <p className="muted">No license has been revoked.</p>}
      {list.data && list.data.hashes.length > 0 && (
        <>
          <pre className="adm-lic-go" data-testid="revoked-hashes-lines" tabIndex={0}>
            {list.data.go_map_entries}
          </pre>
          <ul className="adm-lic-codes">
            {list.data.hashes.map((h) => (
              <li key={h.license_id} data-license-id={h.license_id}>
                <strong>{h.code}</strong> <code>{h.license_id}</code> · {h.organization_name} · {h.user_email} · <span title={formatDateTime(h.revoked_at)}>revoked {formatDate(h.revoked_at)}</span>
                <span className="muted"> · {h.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
