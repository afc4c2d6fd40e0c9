import { auditActionLabel } from '../../../shared/api/audit';
import type { CustomerOverview } from '../../../shared/api/customers';
import type { ApiKeySummary } from '../../../shared/api/auth';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { useRevokeCustomerApiKey } from '../../queries/customers';
import { CustomerLink } from '../../shell/admin/CustomerLink';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { SectionCard } from '../../shell/SectionCard';
import { confirmAction } from '../../shell/confirm-store';
import { revokeInPlace } from '../../shell/revoke-in-place';

const detailsText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');

function RevokeKeyButton({ customerId, apiKey }: { customerId: string; apiKey: ApiKeySummary }) {
  const revoke = useRevokeCustomerApiKey(customerId);
  const click = async (button: HTMLButtonElement) => {
    if (!(await confirmAction({ message: `Revoke the API key "${apiKey.name}" (${apiKey.prefix}…)? Anything using it stops working at once. This cannot be undone.`, action: 'Revoke API key' })))
      return;
    revokeInPlace(button, 'section', () => revoke.mutateAsync(apiKey.id), { done: `API key ${apiKey.name} revoked`, failed: 'Failed to revoke API key', subject: apiKey.name });
  };
  return (
    <button type="button" className="btn btn-small btn-danger" data-action="revoke" onClick={(e) => void click(e.currentTarget)} disabled={revoke.isPending} aria-label={`Revoke ${apiKey.name}`}>
      {revoke.isPending ? 'Revoking…' : 'Revoke'}
    </button>
  );
}

/** How the customer gets in and what they were told: API keys (revocable), sign-ins (a person's: a team does not sign in), mail and audit events. */
export function CustomerAccess({ data }: { data: CustomerOverview }) {
  const id = data.customer.id;
  const isTeam = data.customer.kind === 'team';
  return (
    <>
      <SectionCard scope="customer" id="api-keys" title="API keys" count={data.api_keys.length} note="Revoking is recorded in the audit log">
        <DataTable
          label="API keys"
          testId="customer-api-keys-table"
          scope="col"
          keyColumns={['Name', 'Actions']}
          columns={['Name', 'Key', 'Scopes', 'Created', 'Last used', 'Expires', { label: 'Actions', className: 'cell-actions' }]}
        >
          {data.api_keys.length === 0 && <MessageRow colSpan={7}>No active API keys.</MessageRow>}
          {data.api_keys.map((k) => (
            <tr key={k.id}>
              <td className="customer-wrap">{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.scopes ? k.scopes.join(', ') || 'none' : 'all'}</td>
              <td className="nowrap">{formatDate(k.createdAt)}</td>
              <td className="nowrap">{k.lastUsedAt ? `${formatDateTime(k.lastUsedAt)}${k.lastUsedIp ? ` from ${k.lastUsedIp}` : ''}` : 'Never'}</td>
              <td className="nowrap">{k.expiresAt ? formatDate(k.expiresAt) : 'Never'}</td>
              <td className="cell-actions">
                <RevokeKeyButton customerId={id} apiKey={k} />
              </td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>

      {!isTeam && (
        <SectionCard scope="customer" id="sign-ins" title="Last sign-ins" count={data.sign_ins.length} note="One row per sign-in session">
          <DataTable label="Sign-ins" testId="customer-sign-ins-table" scope="col" keyColumns={['When', 'Address']} columns={['When', 'Address']}>
            {data.sign_ins.length === 0 && <MessageRow colSpan={2}>No sign-ins recorded.</MessageRow>}
            {data.sign_ins.map((s) => (
              <tr key={`${s.at}-${s.ip_address ?? ''}`}>
                <td className="nowrap">
                  <time dateTime={s.at}>{formatDateTime(s.at)}</time>
                </td>
                <td>{s.ip_address ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        </SectionCard>
      )}

      <SectionCard scope="customer" id="mail" title="Mail sent" count={data.mail.length} note={isTeam ? "The team's notices as mailed to its members, newest first" : 'Newest first'}>
        <DataTable
          label="Mail sent"
          testId="customer-mail-table"
          scope="col"
          keyColumns={['Subject', 'Delivery']}
          columns={isTeam ? ['When', 'To', 'Subject', 'Delivery'] : ['When', 'Subject', 'Delivery']}
        >
          {data.mail.length === 0 && <MessageRow colSpan={isTeam ? 4 : 3}>No mail sent.</MessageRow>}
          {data.mail.map((m) => (
            <tr key={m.id}>
              <td className="nowrap">
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </td>
              {isTeam && (
                <td className="customer-wrap">
                  <CustomerLink email={m.to} />
                </td>
              )}
              <td className="customer-wrap">
                <details>
                  <summary>{m.subject}</summary>
                  <pre className="customer-mail-body">{m.body}</pre>
                </details>
              </td>
              <td>{m.delivered ? 'Sent' : m.transport === 'database' ? 'Kept here (no SMTP configured)' : m.error ? `Not sent yet: ${m.error}` : 'Waiting to be sent'}</td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>

      <SectionCard scope="customer" id="audit" title="Audit events" count={data.audit.length} note={isTeam ? 'About this team' : 'About this customer or done by them'}>
        <DataTable label="Audit events" testId="customer-audit-table" scope="col" keyColumns={['Action', 'Details']} columns={['When', 'Action', 'Actor', 'Details']}>
          {data.audit.length === 0 && <MessageRow colSpan={4}>No events.</MessageRow>}
          {data.audit.map((e) => (
            <tr key={e.id}>
              <td className="nowrap">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </td>
              <td title={e.action}>{auditActionLabel(e.action)}</td>
              <td className="customer-wrap">
                <CustomerLink email={e.actor_email} userId={e.actor_user_id} />
              </td>
              <td className="customer-wrap customer-details">{detailsText(e.details)}</td>
            </tr>
          ))}
        </DataTable>
      </SectionCard>
    </>
  );
}
