import { adminAlertKinds, adminAlertLabels, type AdminAlertKind, type AdminAlertPreferences as Prefs } from '../../../shared/api/admin-alerts';
import { useAdminAlertPreferences, useSaveAdminAlertPreferences } from '../../queries/admin-alerts';
import { type Checked, PreferencesForm, type PreferencesSpec } from './PreferencesForm';

type Figure = 'transfer_pending_days' | 'minor_versions_behind';
/** The alerts that take a figure, and the figure's field. */
const figureOf: Partial<Record<AdminAlertKind, { field: Figure; label: string; max: number }>> = {
  admin_transfer_pending: { field: 'transfer_pending_days', label: 'N (days)', max: 365 },
  admin_versions_behind: { field: 'minor_versions_behind', label: 'N (minor versions)', max: 50 },
};

interface Draft {
  prefs: Prefs;
  /** the figures as typed */
  figures: Record<Figure, string>;
}

const wholeNumber = (text: string, max: number) => (/^\d{1,3}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

const draftOf = (data: Prefs): Draft => ({ prefs: data, figures: { transfer_pending_days: String(data.transfer_pending_days), minor_versions_behind: String(data.minor_versions_behind) } });

function check({ prefs, figures }: Draft): Checked<Prefs> {
  const days = wholeNumber(figures.transfer_pending_days, 365);
  const behind = wholeNumber(figures.minor_versions_behind, 50);
  if (days === null) return { problem: 'Enter the days as a whole number from 1 to 365' };
  if (behind === null) return { problem: 'Enter the minor versions as a whole number from 1 to 50' };
  return { body: { ...prefs, transfer_pending_days: days, minor_versions_behind: behind } };
}

const spec: PreferencesSpec<Prefs, Draft, Prefs> = { what: 'alert preferences', label: 'Administrator alert preferences', saveLabel: 'Save alert preferences', draftOf, check };

/** An administrator's alerts: each on or off, also by e-mail or not, and the N of those that have one. */
export function AdminAlertPreferences() {
  return (
    <PreferencesForm spec={spec} query={useAdminAlertPreferences()} save={useSaveAdminAlertPreferences()}>
      {({ prefs, figures }, setDraft) => {
        const toggle = (part: 'enabled' | 'email', kind: AdminAlertKind, on: boolean) => setDraft({ figures, prefs: { ...prefs, [part]: { ...prefs[part], [kind]: on } } });
        return (
          <fieldset>
            <legend>Alert me when</legend>
            {adminAlertKinds.map((kind) => {
              const figure = figureOf[kind];
              return (
                <div key={kind} className="admin-alert-row" data-testid={`admin-alert-${kind}`}>
                  <label className="checkbox-row">
                    <input type="checkbox" checked={prefs.enabled[kind]} onChange={(e) => toggle('enabled', kind, e.target.checked)} /> {adminAlertLabels[kind]}
                  </label>
                  <div className="admin-alert-options">
                    {figure && (
                      <label className="admin-alert-figure">
                        <span>{figure.label}</span>
                        <input
                          className="control control-compact"
                          type="text"
                          inputMode="numeric"
                          value={figures[figure.field]}
                          disabled={!prefs.enabled[kind]}
                          onChange={(e) => setDraft({ prefs, figures: { ...figures, [figure.field]: e.target.value } })}
                        />
                      </label>
                    )}
                    <label className="checkbox-row">
                      <input type="checkbox" checked={prefs.email[kind]} disabled={!prefs.enabled[kind]} onChange={(e) => toggle('email', kind, e.target.checked)} /> also by e-mail
                    </label>
                  </div>
                </div>
              );
            })}
          </fieldset>
        );
      }}
    </PreferencesForm>
  );
}
