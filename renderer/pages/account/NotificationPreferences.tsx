import { notificationKindLabels, notificationKinds, type PreferencesWire } from '../../../shared/api/notifications';
import { usePreferences, useSavePreferences } from '../../queries/notifications';
import { type Checked, PreferencesForm, type PreferencesSpec } from './PreferencesForm';
import { thresholdCents } from './threshold';

interface Draft {
  email: PreferencesWire['email'];
  threshold: string;
}

const draftOf = (data: PreferencesWire): Draft => ({ email: data.email, threshold: (data.low_balance_cents / 100).toFixed(2) });

function check({ email, threshold }: Draft): Checked<PreferencesWire> {
  const cents = thresholdCents(threshold);
  return cents === null ? { problem: 'Enter the threshold in dollars, e.g. 2.00' } : { body: { email, low_balance_cents: cents } };
}

const spec: PreferencesSpec<PreferencesWire, Draft, PreferencesWire> = { what: 'notification preferences', label: 'Notification preferences', saveLabel: 'Save preferences', draftOf, check };

/** Which notifications also arrive by e-mail, and the balance under which the user is told. */
export function NotificationPreferences() {
  return (
    <PreferencesForm spec={spec} query={usePreferences()} save={useSavePreferences()}>
      {(draft, setDraft, problem) => (
        <>
          <fieldset>
            <legend>Also send me an e-mail when</legend>
            {notificationKinds.map((kind) => (
              <label key={kind} className="checkbox-row">
                <input type="checkbox" checked={draft.email[kind]} onChange={(e) => setDraft({ ...draft, email: { ...draft.email, [kind]: e.target.checked } })} /> {notificationKindLabels[kind]}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>Tell me when my balance falls below ($)</span>
            <input type="text" inputMode="decimal" value={draft.threshold} onChange={(e) => setDraft({ ...draft, threshold: e.target.value })} aria-invalid={problem ? true : undefined} />
          </label>
        </>
      )}
    </PreferencesForm>
  );
}
