import type { ReactNode } from 'react';

/** A form dialog's submit button: its words, and those while the request runs. */
interface Submit {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** not yet submittable (a required field is empty) */
  disabled?: boolean;
  danger?: boolean;
}

/** The button row at the foot of a dialog: the button that dismisses it (Cancel by default), then the dialog's submit button or its own actions. */
export function DialogActions({ onClose, closeLabel = 'Cancel', submit, children }: { onClose: () => void; closeLabel?: string; submit?: Submit; children?: ReactNode }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onClose}>
        {closeLabel}
      </button>
      {submit && (
        <button type="submit" className={submit.danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={submit.disabled || submit.busy}>
          {submit.busy ? submit.busyLabel : submit.label}
        </button>
      )}
      {children}
    </div>
  );
}
