import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { deletedMessage, deleteQuestion } from './delete-text';
import { licensesContract, type License } from '../../../shared/api/licenses';
import { useRoleRefusal } from '../../shell/account/use-role';
import { toast } from '../../shell/toast-store';
import { CopyButton } from '../../shell/CopyButton';
import { PairList } from '../../shell/PairList';
import { expiresSoonLabel, formatDate, isPaymentPending, limitLabel, supportLabel, typeLabel, userExpiryLabel } from '../../shell/licenses/format';
import { useDeleteLicense } from '../../queries/licenses';
import { LicenseStatusBadge } from './StatusBadge';
import { focusWhenShown } from '../../shell/focus';
import { selectBankTransfer, useConfigStore } from '../../app/config-store';
import { confirmAction } from '../../shell/confirm-store';

interface Props {
  license: License;
  onPay: (license: License) => void;
  /** Renew, shown while the server offers it (from 30 days before the end) */
  onRenew: (license: License) => void;
  /** the license just created: scrolled to and marked for a moment */
  highlight: boolean;
}

export function LicenseRow({ license, onPay, onRenew, highlight }: Props) {
  const remove = useDeleteLicense();
  const payRefusal = useRoleRefusal(licensesContract.checkout);
  const deleteRefusal = useRoleRefusal(licensesContract.hide);
  const ref = useRef<HTMLLIElement>(null);
  const pending = isPaymentPending(license);
  const bankOffered = useConfigStore(selectBankTransfer) !== undefined;

  useEffect(() => {
    if (!highlight) return;
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // The form that created it has gone with the focused Create button: the new license takes focus.
    focusWhenShown(() => ref.current?.querySelector('h3'), { preventScroll: true });
  }, [highlight]);

  const onDelete = async () => {
    if (remove.isPending || deleteRefusal || !(await confirmAction({ message: deleteQuestion(license), action: 'Delete license' }))) return;
    const row = ref.current;
    // The promise, not mutate's callbacks: those are dropped once the row (this component) is gone from the list.
    remove.mutateAsync(license.id).then(
      () => {
        toast({ kind: 'success', title: 'License removed from your list', message: deletedMessage(license) });
        focusWhenShown(() => document.getElementById('your-licenses'), { from: row });
      },
      (err: Error) => toast({ kind: 'error', title: 'Could not delete the license', message: err.message }),
    );
  };

  const meta: [label: string, value: string][] = [
    ['Users', limitLabel(license.users_limit)],
    ['GPUs', limitLabel(license.gpus_limit)],
    ['Support', supportLabel(license.support_level)],
    ['Expires', userExpiryLabel(license)],
    ['Created', formatDate(license.created)],
    ...(license.renewed_by ? ([['Renewed by', license.renewed_by]] as [string, string][]) : []),
    ...(license.renews ? ([['Renews', license.renews]] as [string, string][]) : []),
  ];
  const revoked = license.status === 'revoked';
  const expiresSoon = expiresSoonLabel(license, new Date());

  return (
    <li ref={ref} className={`surface lic-item${highlight ? ' highlight' : ''}`} data-testid="license-row" data-license-id={license.id} data-status={license.status}>
      <div className="lic-item-head">
        <div className="lic-item-title">
          <h3>{typeLabel(license.type)}</h3>
          <span className="lic-item-org">{license.organization_name}</span>
          {expiresSoon && (
            <span className="badge badge-warn" data-testid="license-expires-soon">
              {expiresSoon}
            </span>
          )}
        </div>
        <LicenseStatusBadge license={license} />
        <div className="lic-item-actions">
          {pending && !payRefusal && (
            <button type="button" className="btn btn-small btn-primary" onClick={() => onPay(license)}>
              Pay Now
            </button>
          )}
          {license.renewal && !payRefusal && (
            <button type="button" className="btn btn-small btn-primary" onClick={() => onRenew(license)} data-testid="renew-license">
              Renew
            </button>
          )}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to <body> while the delete runs */}
          <button type="button" className="btn btn-small btn-danger" onClick={() => void onDelete()} aria-disabled={remove.isPending || deleteRefusal !== undefined} title={deleteRefusal}>
            Delete
          </button>
        </div>
      </div>

      <PairList kind="terms" className="lic-item-meta" items={meta} />

      {revoked ? (
        <RevokedNotice license={license} />
      ) : license.license_key ? (
        <div className="lic-key">
          <code className="lic-key-text" data-testid="license-key" title={license.license_key}>
            {license.license_key}
          </code>
          <CopyButton text={license.license_key} what="license key" className="lic-copy" />
        </div>
      ) : (
        <p className="lic-key-missing muted">
          {pending
            ? `The license key is issued once payment is received.${bankOffered ? ` Bank transfer reference: ${license.wire_reference}.` : ''}`
            : 'No license key has been issued for this license.'}
        </p>
      )}
    </li>
  );
}

/** A revoked key is not offered for copying: what happened, when, why, and the key to use instead. */
function RevokedNotice({ license }: { license: License }) {
  return (
    <div className="lic-revoked" data-testid="license-revoked" role="note">
      <p>
        {license.replaced_by ? 'Replaced' : 'Revoked'} by an administrator
        {license.revoked_at ? ` on ${formatDate(license.revoked_at)}` : ''}
        {license.revoke_reason ? `: ${license.revoke_reason}` : ''}. This key stops working in the platform's next release, which refuses revoked keys.
      </p>
      {license.replaced_by && (
        <p>
          Use the key of its replacement,{' '}
          <Link to={linkTo('licenses', { id: license.replaced_by })} data-testid="license-replacement">
            {license.replaced_by}
          </Link>
          , shown in this list.
        </p>
      )}
    </div>
  );
}
