import { dismissToast, selectToasts, useToastStore } from './toast-store';

/** Notifications, fixed top right (max width 400 px); each closes itself after its duration, an error only with its close button. */
export function Toasts() {
  const toasts = useToastStore(selectToasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} data-testid="toast">
          <div className="toast-body">
            <strong className="toast-title">{t.title}</strong>
            {t.message && <p className="toast-message">{t.message}</p>}
          </div>
          <button type="button" className="toast-close" aria-label={`Dismiss: ${t.title}`} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
