import { type FormEvent, useEffect, useState } from 'react';
import { adminAlertKinds, adminAlertLabels, type AdminAlertKind, type AdminAlertPreferences as Prefs } from '../../../shared/api/admin-alerts';
import { useAdminAlertPreferences, useSaveAdminAlertPreferences } from '../../queries/admin-alerts';
import './notification-preferences.css';

type Figure = 'transfer_pending_days' | 'minor_versions_behind';
/** The alerts that take a figure, and the figure's field. */
const figureOf: Partial<Record<AdminAlertKind, { field: Figure; label: string; max: number }>> = {
  admin_transfer_pending: { field: 'transfer_pending_days', label: 'N (days)', max: 365 },
  admin_versions_behind: { field: 'minor_versions_behind', label: 'N (minor versions)', max: 50 },
};

const wholeNumber = (text: string, max: number) => (/^\d{1,3}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

/** An administrator's alerts: each on or off, also by e-mail or not, and the N of those that have one. */
export function AdminAlertPreferences() {
  const { data, isError } = useAdminAlertPreferences();
  const save = useSaveAdminAlertPreferences();
  const [prefs, setPrefs] = useState<Prefs | undefined>(undefined);
  const [figures, setFigures] = useState<Record<Figure, string>>({ transfer_pending_days: '', minor_versions_behind: '' });
  const [problem, setProblem] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!data) return;
    setPrefs(data);
    setFigures({ transfer_pending_days: String(data.transfer_pending_days), minor_versions_behind: String(data.minor_versions_behind) });
  }, [data]);

  if (isError) return <p className="error-text">Could not load your alert preferences.</p>;
  if (!prefs) return <p className="muted">Loading…</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const days = wholeNumber(figures.transfer_pending_days, 365);
    const behind = wholeNumber(figures.minor_versions_behind, 50);
    if (days === null) return setProblem('Enter the days as a whole number from 1 to 365');
    if (behind === null) return setProblem('Enter the minor versions as a whole number from 1 to 50');
    setProblem(undefined);
    save.mutate({ ...prefs, transfer_pending_days: days, minor_versions_behind: behind });
  };
  const toggle = (part: 'enabled' | 'email', kind: AdminAlertKind, on: boolean) => setPrefs({ ...prefs, [part]: { ...prefs[part], [kind]: on } });

  return (
    <form className="notification-preferences admin-alert-preferences" onSubmit={submit} aria-label="Administrator alert preferences">
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
                    <input type="text" inputMode="numeric" value={figures[figure.field]} disabled={!prefs.enabled[kind]} onChange={(e) => setFigures({ ...figures, [figure.field]: e.target.value })} />
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
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save alert preferences
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
