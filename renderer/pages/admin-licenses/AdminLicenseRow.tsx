import type { License } from '../../../shared/api/licenses';
import { formatCents } from '../../../shared/api/billing';
import { toast } from '../../shell/toast-store';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { markPaidConfirmText, markPaidFailedMessage } from './mark-paid';
import { resendConfirmText } from './resend-key';
import { useMarkPaid, useResendKey } from '../../queries/licenses';
import { useState } from 'react';
import { ChangeLicenseDialog } from './ChangeLicenseDialog';
import { RevokeLicenseDialog } from './RevokeLicenseDialog';
import { CustomerLink } from '../../shell/admin/CustomerLink';
import { wordTone } from '../../shell/licenses/format';
import { confirmAction } from '../../shell/confirm-store';
import { focusWhenShown } from '../../shell/focus';
import { announce } from '../../shell/announce';

function Tag({ value }: { value: string }) {
  // payment_status none: a free or admin-issued license, nothing to pay.
  if (value === 'none') return <span className="muted">—</span>;
  return <span className={`lic-status lic-status-${wordTone(value)}`}>{value.toUpperCase()}</span>;
}

/** The licensee's address, a link to their customer page (breaking after the @ rather than anywhere). */
function EmailCell({ email }: { email: string | undefined }) {
  return <CustomerLink email={email} />;
}

/** Why a revoked licence is revoked: the licence that replaced it, or the admin's reason. */
function RevokedNote({ license }: { license: License }) {
  const text = license.replaced_by ? `Replaced by ${license.replaced_by}` : (license.revoke_reason ?? '');
  return (
    <span className="adm-lic-revoked" title={license.revoked_at ? `Revoked ${formatDateTime(license.revoked_at)}: ${license.revoke_reason ?? ''}` : undefined}>
      {text}
    </span>
  );
}

/** Once paid: the refreshed row's first action (Extend / Change); null while the row still shows it pending; the page's heading once the row left the list. */
function nextAfterPaid(id: string): Element | null {
  const row = document.querySelector(`tr[data-license-id="${CSS.escape(id)}"]`);
  if (!row) return document.querySelector('main h1');
  return row.getAttribute('data-status') === 'pending' ? null : (row.querySelector('.adm-lic-actions button') ?? row.querySelector('td:nth-child(5)'));
}

const typeNames: Record<License['type'], string> = { community: 'Community', trial: 'Trial', enterprise: 'Enterprise' };

export function AdminLicenseRow({ license }: { license: License }) {
  const markPaid = useMarkPaid();
  const resend = useResendKey();
  const [dialog, setDialog] = useState<'revoke' | 'change' | null>(null);
  const pending = license.payment_status === 'pending';
  const issued = license.license_key !== null && license.status !== 'revoked';

  const onResend = async () => {
    if (!(await confirmAction({ message: resendConfirmText(license), action: 'Re-send Key', danger: false }))) return;
    resend.mutate(license.id, {
      onSuccess: (to) => toast({ kind: 'success', title: 'License key sent', message: `The key of ${license.id} was e-mailed to ${to}.` }),
      onError: (err) => toast({ kind: 'error', title: 'Could not send the key', message: err.message }),
    });
  };

  const onMarkPaid = async (button: HTMLButtonElement) => {
    const amount = license.amount_cents === null ? undefined : formatCents(license.amount_cents);
    if (!(await confirmAction({ message: markPaidConfirmText(license, amount), action: 'Mark as Paid', danger: false }))) return;
    const row = button.closest('tr');
    const named = `${license.organization_name} (${license.wire_reference})`;
    // The promise, not mutate's callbacks: those are dropped if the row leaves a filtered list.
    markPaid.mutateAsync(license.id).then(
      () => {
        // said through the live region, seen in the row (ACTIVE, PAID): a toast would be read out a second time
        announce(`License marked as paid: ${named} is now active.`);
        // Mark as Paid is gone with the payment: the row's next action takes the focus, or the heading if the row left the list.
        focusWhenShown(() => nextAfterPaid(license.id), { from: row });
      },
      (err: Error) => {
        console.error('Mark as paid failed', license.id, err);
        // Stays until closed (the toasts are a polite live region, so it is also read out); names the license, as several may be pending.
        toast({ kind: 'error', title: markPaidFailedMessage, message: `${named}: ${err.message}` });
        // The button was disabled while it ran (and so lost the focus): it has it back.
        focusWhenShown(() => button, { from: row });
      },
    );
  };

  return (
    <tr data-testid="admin-license-row" data-license-id={license.id} data-status={license.status}>
      <td className="adm-lic-id">
        <code>{license.id}</code>
        <span className="adm-lic-ref" title="Bank transfer reference">
          Ref {license.wire_reference}
        </span>
      </td>
      <td className="adm-lic-wrap">{license.organization_name}</td>
      <td className="adm-lic-wrap">
        <EmailCell email={license.user_email} />
      </td>
      <td>{typeNames[license.type]}</td>
      <td>
        <Tag value={license.status} />
        {license.status === 'revoked' && <RevokedNote license={license} />}
      </td>
      <td>
        <Tag value={license.payment_status} />
      </td>
      <td className="adm-lic-amount" data-testid="admin-license-amount" title="A year">
        {license.price_cents === undefined ? '—' : formatCents(license.price_cents)}
      </td>
      <td data-testid="admin-license-expires" title={license.expires ? formatDateTime(license.expires) : undefined}>
        {license.expires ? formatDate(license.expires) : 'Never'}
      </td>
      <td title={formatDateTime(license.created)}>{formatDate(license.created)}</td>
      <td className="cell-actions">
        {pending && (
          <button type="button" className="btn btn-small btn-primary" onClick={(e) => void onMarkPaid(e.currentTarget)} disabled={markPaid.isPending}>
            {markPaid.isPending ? 'Marking...' : 'Mark as Paid'}
          </button>
        )}
        {issued && (
          <div className="adm-lic-actions">
            <button type="button" className="btn btn-small" onClick={() => setDialog('change')}>
              Extend / Change
            </button>
            <button type="button" className="btn btn-small" onClick={() => void onResend()} disabled={resend.isPending}>
              {resend.isPending ? 'Sending...' : 'Re-send Key'}
            </button>
            <button type="button" className="btn btn-small btn-danger" onClick={() => setDialog('revoke')}>
              Revoke
            </button>
          </div>
        )}
        {dialog === 'revoke' && <RevokeLicenseDialog license={license} onClose={() => setDialog(null)} />}
        {dialog === 'change' && <ChangeLicenseDialog license={license} onClose={() => setDialog(null)} />}
      </td>
    </tr>
  );
}
