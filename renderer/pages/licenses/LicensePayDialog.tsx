import type { ReactNode, Ref } from 'react';
import type { License } from '../../../shared/api/licenses';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { limitLabel, supportLabel } from '../../shell/licenses/format';
import { useHoldAccount } from '../../auth/account-store';
import { usePayerLabel } from '../../shell/account/use-role';

interface Props {
  license: License;
  onClose: () => void;
  testId: string;
  title: ReactNode;
  titleId: string;
  /** the title takes focus from it when a step removes the control that had it */
  titleRef?: Ref<HTMLHeadingElement>;
  /** a × button beside the title */
  closeButton?: boolean;
  /** after the terms, e.g. " · 1 year" */
  period?: string;
  /** under the terms, e.g. the renewed end date */
  note?: ReactNode;
  /** the amount beside the licence, with its test id */
  amount?: { text: string; testId: string };
  /** the dialog's body and its actions */
  children: ReactNode;
}

/** A dialog that takes a licence's payment: its title, the licence it pays for (terms and amount) and the account that pays, then the steps. */
export function LicensePayDialog({ license, onClose, testId, title, titleId, titleRef, closeButton, period = '', note, amount, children }: Props) {
  const { ref, onCancel } = useModalDialog(onClose);
  const payer = usePayerLabel();
  // while a payment is on screen the tab stays in the account it names
  useHoldAccount();
  return (
    <dialog
      ref={ref}
      className="dialog lic-pay"
      data-testid={testId}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <header className="lic-pay-head">
        <h2 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </h2>
        {closeButton && (
          <button type="button" className="lic-pay-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        )}
      </header>

      <div className="inset spread lic-pay-license">
        <div>
          <strong>Enterprise Pro</strong> · {license.organization_name}
          <div className="muted">
            {limitLabel(license.users_limit)} users · {limitLabel(license.gpus_limit)} GPUs · {license.support_level === 'none' ? 'no support plan' : supportLabel(license.support_level)}
            {period}
          </div>
          {note && <div className="muted">{note}</div>}
          <div className="muted" data-testid="payment-account">
            Paid by {payer ?? '…'}
          </div>
        </div>
        {amount && (
          <div className="lic-pay-amount" data-testid={amount.testId}>
            {amount.text}
          </div>
        )}
      </div>

      {children}
    </dialog>
  );
}
