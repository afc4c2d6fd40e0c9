import { useState } from 'react';
import { adminAlertKinds, adminAlertNames, type AdminAlertKind } from '../../../shared/api/admin-alerts';
import { useSendTestAlert } from '../../queries/admin-alerts';
import { OptionSelect } from '../../shell/OptionSelect';
import { toast } from '../../shell/toast-store';

const options = adminAlertKinds.map((k) => [k, adminAlertNames[k]] as const);

/**
 * "Send test alert": one alert of the chosen kind with made-up figures, to the caller's bell (and
 * e-mail when they get that kind by e-mail) and the webhook, so a pending transfer or a silent
 * installation can be tried without waiting days for one.
 */
export function TestAlertForm() {
  const [kind, setKind] = useState<AdminAlertKind>('admin_transfer_pending');
  const send = useSendTestAlert();
  return (
    <form
      className="card card-body test-alert-form"
      aria-labelledby="test-alert-title"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate(kind, {
          onSuccess: (alert) => toast({ kind: 'success', title: 'Test alert sent', message: alert.title }),
        });
      }}
    >
      <h2 id="test-alert-title" className="section-title">
        Try an alert
      </h2>
      <p className="muted">Sends one alert of this kind with made-up figures to your bell, your e-mail if you get it by e-mail, and the webhook.</p>
      <div className="test-alert-row">
        <label>
          <span>Alert</span>
          <OptionSelect className="control" value={kind} options={options} onChange={(v) => setKind(options.find(([k]) => k === v)?.[0] ?? kind)} />
        </label>
        <button type="submit" className="btn btn-primary btn-small" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send test alert'}
        </button>
      </div>
      {send.isError && (
        <p className="form-error" role="alert">
          Could not send the test alert: {send.error.message}
        </p>
      )}
    </form>
  );
}
