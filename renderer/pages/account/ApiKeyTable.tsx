import type { ApiKeySummary } from '../../../shared/api/auth';
import { formatDateTime } from '../../../shared/format/dates';
import { scopesText } from './api-key-options';
import { DataTable } from '../../shell/DataTable';
import { LoadError } from '../../shell/LoadError';
import { useApiKeys, useRevokeApiKey } from '../../queries/auth';
import { confirmAction } from '../../shell/confirm-store';
import { revokeInPlace } from '../../shell/revoke-in-place';

function RevokeButton({ apiKey }: { apiKey: ApiKeySummary }) {
  const revoke = useRevokeApiKey();
  const onClick = async (button: HTMLButtonElement) => {
    if (!(await confirmAction({ message: `Revoke the API key "${apiKey.name}"? Anything using it will stop working. This cannot be undone.`, action: 'Revoke API key' }))) return;
    revokeInPlace(button, '.card', () => revoke.mutateAsync(apiKey.id), { done: `API key ${apiKey.name} revoked`, failed: 'Could not revoke the API key', subject: apiKey.name });
  };
  return (
    <button type="button" className="btn btn-small btn-danger" data-action="revoke" onClick={(e) => void onClick(e.currentTarget)} disabled={revoke.isPending} aria-label={`Revoke ${apiKey.name}`}>
      Revoke
    </button>
  );
}

export function ApiKeyTable() {
  const keys = useApiKeys();

  if (keys.isPending) return <p className="muted">Loading API keys…</p>;
  if (keys.isError) return <LoadError what="your API keys" error={keys.error} onRetry={() => void keys.refetch()} />;
  if (keys.data.length === 0) return <p className="muted">You have no API keys yet.</p>;

  return (
    <DataTable
      label="API keys"
      testId="api-keys"
      className="table api-keys-table"
      keyColumns={['Name', 'Expires', 'Actions']}
      columns={['Name', 'Key', 'Scopes', 'Created', 'Expires', 'Last used', { label: <span className="visually-hidden">Actions</span>, text: 'Actions', className: 'cell-actions' }]}
    >
      {keys.data.map((k) => (
        <tr key={k.id} data-api-key-id={k.id}>
          <td className="api-key-name">{k.name}</td>
          <td>
            <code>{k.prefix}…</code>
          </td>
          <td className="api-key-wrap">{scopesText(k.scopes)}</td>
          <td>{formatDateTime(k.createdAt)}</td>
          <td>{k.expiresAt ? `${new Date(k.expiresAt).getTime() <= Date.now() ? 'Expired ' : ''}${formatDateTime(k.expiresAt)}` : 'Never'}</td>
          <td className="api-key-wrap">
            {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}
            {k.lastUsedIp && <span className="muted small api-key-ip"> from {k.lastUsedIp}</span>}
          </td>
          <td className="cell-actions">
            <RevokeButton apiKey={k} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
