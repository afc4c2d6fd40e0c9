import type { ReactNode } from 'react';

/** The button row at the foot of a dialog: the button that dismisses it (Cancel by default), then the dialog's own actions. */
export function DialogActions({ onClose, closeLabel = 'Cancel', children }: { onClose: () => void; closeLabel?: string; children?: ReactNode }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onClose}>
        {closeLabel}
      </button>
      {children}
    </div>
  );
}
