import { type FormEvent, useId, useState } from 'react';
import type { License } from '../../../shared/api/licenses';
import { supportLevels } from '../../../shared/licenses/vocabulary';
import { DialogActions } from '../../shell/DialogActions';
import { supportLabel } from '../../shell/licenses/format';
import { toast } from '../../shell/toast-store';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { useChangeLicense } from '../../queries/licenses';
import { type ChangeLicenseForm, changeBody, changeFormOf } from './change-form';
import { ErrorAlert } from '../../shell/ErrorAlert';

/** Extends a licence or changes its limits and support: a new key replaces it and the old id is revoked. */
export function ChangeLicenseDialog({ license, onClose }: { license: License; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  const [form, setForm] = useState<ChangeLicenseForm>(() => changeFormOf(license));
  const set = (patch: Partial<ChangeLicenseForm>) => setForm((f) => ({ ...f, ...patch }));
  const change = useChangeLicense();
  const body = changeBody(license, form);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body || change.isPending) return;
    change.mutate(
      { id: license.id, body },
      {
        onSuccess: (next) => {
          toast({ kind: 'success', title: 'New license key issued', message: `${next.id} replaces ${license.id}, which is now revoked.` });
          onClose();
        },
      },
    );
  };

  return (
    <dialog ref={ref} className="dialog adm-lic-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="change-license-dialog" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>Extend or change license</h2>
        <p id={`${ids}-body`} className="muted">
          {license.organization_name} gets a new license with a newly signed key; <code>{license.id}</code> is revoked and its hash joins the list to paste into the platform. The licensee is told.
        </p>
        <div className="adm-lic-dialog-grid">
          <label className="field">
            <span>Extend by (weeks)</span>
            <input
              type="number"
              min={1}
              max={520}
              step={1}
              inputMode="numeric"
              value={form.perpetual ? '' : form.extendWeeks}
              disabled={form.perpetual}
              onChange={(e) => set({ extendWeeks: e.target.value })}
              placeholder="Keep end date"
            />
          </label>
          <label className="lic-check adm-lic-dialog-check">
            <input type="checkbox" checked={form.perpetual} onChange={(e) => set({ perpetual: e.target.checked })} />
            <span>Perpetual</span>
          </label>
          <label className="field">
            <span>Users limit</span>
            <input type="number" min={1} step={1} inputMode="numeric" value={form.users} onChange={(e) => set({ users: e.target.value })} placeholder="No limit" />
          </label>
          <label className="field">
            <span>GPUs limit</span>
            <input type="number" min={0} step={1} inputMode="numeric" value={form.gpus} onChange={(e) => set({ gpus: e.target.value })} placeholder="No limit" />
          </label>
          <label className="field">
            <span>Support level</span>
            <select value={form.support} onChange={(e) => set({ support: e.target.value as ChangeLicenseForm['support'] })}>
              {supportLevels.map((level) => (
                <option key={level} value={level}>
                  {supportLabel(level)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorAlert error={change.error} />
        <DialogActions onClose={onClose} submit={{ label: 'Issue New Key', busyLabel: 'Issuing...', busy: change.isPending, disabled: !body }} />
      </form>
    </dialog>
  );
}
