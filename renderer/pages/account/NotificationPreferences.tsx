import { type FormEvent, useEffect, useState } from 'react';
import { notificationKindLabels, notificationKinds, type NotificationKind, type PreferencesWire } from '../../../shared/api/notifications';
import { usePreferences, useSavePreferences } from '../../queries/notifications';
import { thresholdCents } from './threshold';
import './notification-preferences.css';

/** Which notifications also arrive by e-mail, and the balance under which the user is told. */
export function NotificationPreferences() {
  const { data, isError } = usePreferences();
  const save = useSavePreferences();
  const [email, setEmail] = useState<PreferencesWire['email'] | undefined>(undefined);
  const [threshold, setThreshold] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!data) return;
    setEmail(data.email);
    setThreshold((data.low_balance_cents / 100).toFixed(2));
  }, [data]);

  if (isError) return <p className="error-text">Could not load your notification preferences.</p>;
  if (!email) return <p className="muted">Loading…</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = thresholdCents(threshold);
    if (cents === null) return setProblem('Enter the threshold in dollars, e.g. 2.00');
    setProblem(undefined);
    save.mutate({ email, low_balance_cents: cents });
  };
  const toggle = (kind: NotificationKind, on: boolean) => setEmail({ ...email, [kind]: on });

  return (
    <form className="notification-preferences" onSubmit={submit} aria-label="Notification preferences">
      <fieldset>
        <legend>Also send me an e-mail when</legend>
        {notificationKinds.map((kind) => (
          <label key={kind} className="checkbox-row">
            <input type="checkbox" checked={email[kind]} onChange={(e) => toggle(kind, e.target.checked)} /> {notificationKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Tell me when my balance falls below ($)</span>
        <input type="text" inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} aria-invalid={problem ? true : undefined} />
      </label>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save preferences
      </button>
      {save.isSuccess && !save.isPending && <span className="muted"> Saved.</span>}
      {save.isError && (
        <p className="error-text" role="alert">
          Could not save: {save.error.message}
        </p>
      )}
    </form>
  );
}
