import { useState } from 'react';
import { CopyButton } from '../../shell/CopyButton';
import { LoadError } from '../../shell/LoadError';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { goMapBlock, goMapLinesSince } from '../../../shared/licenses/revocation-export';
import { useRevokedHashes } from '../../queries/licenses';

/**
 * Every revoked licence's id hash in the exact form of the platform's denylist
 * (`revokedLicenseIDHashes`, api/pkg/license/license.go): installations refuse those keys from the
 * release that carries them. Two forms: the lines revoked since a date (added below what the last
 * release carries: pasting all again repeats keys and breaks the build), or the whole block to
 * replace the one in license.go. The code → licence mapping stays here, as license.go's comment asks.
 */
export function RevokedHashesPanel() {
  const list = useRevokedHashes();
  const [since, setSince] = useState('');
  const hashes = list.data?.hashes ?? [];
  const lines = goMapLinesSince(hashes, since || undefined);
  const block = list.data?.go_map_block ?? goMapBlock(hashes);
  return (
    <section className="card adm-lic-hashes" aria-labelledby="revoked-hashes" data-testid="revoked-hashes">
      <div className="adm-lic-hashes-head">
        <h2 id="revoked-hashes">Revoked license hashes</h2>
      </div>
      <p className="muted">
        Installations refuse a revoked key from the platform&apos;s next release that carries its hash in <code>var revokedLicenseIDHashes = map[string]string{'{ … }'}</code> (
        <code>api/pkg/license/license.go</code>). Each line is the SHA-256 of the license ID and a short code listed below. Add the lines revoked since the last release below the existing ones, or
        replace the whole block; pasting lines the file already has repeats map keys, and the platform no longer builds.
      </p>
      {list.isPending && <p className="muted">Loading revoked licenses…</p>}
      {list.isError && <LoadError className="form-error" what="revoked licenses" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.hashes.length === 0 && <p className="muted">No license has been revoked.</p>}
      {hashes.length > 0 && (
        <>
          <div className="adm-lic-hashes-since">
            <label>
              Revoked since <input type="date" value={since} onChange={(e) => setSince(e.target.value)} data-testid="revoked-since" />
            </label>
            {lines ? <CopyButton text={lines} label="Copy hash lines" what="hash lines" /> : <span className="muted">None revoked since then.</span>}
            <CopyButton text={block} label="Copy whole block" what="whole block" />
          </div>
          <pre className="adm-lic-go" data-testid="revoked-hashes-lines" tabIndex={0}>
            {lines}
          </pre>
          <ul className="adm-lic-codes">
            {hashes.map((h) => (
              <li key={h.license_id} data-license-id={h.license_id}>
                <strong>{h.code}</strong> <code>{h.license_id}</code> · {h.organization_name} · {h.user_email} ·{' '}
                <time dateTime={h.revoked_at} title={formatDateTime(h.revoked_at)}>
                  revoked {formatDate(h.revoked_at)}
                </time>
                <span className="muted"> · {h.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
