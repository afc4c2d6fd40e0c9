import { type FormEvent, useEffect, useRef, useState } from 'react';
import { unknownEmailCode } from '../../../shared/api/licenses';
import { ApiError } from '../../api/client';
import { supportLabel } from '../../shell/licenses/format';
import { type AdminLicenseForm, adminCreateBody, createDisabled, createFailedMessage, teamAdminForm } from './create-form';
import { useAdminCreateLicense } from '../../queries/licenses';
import { focusWhenShown } from '../../shell/focus';
import { announce } from '../../shell/announce';

const isUnknownEmail = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409 && (err.body as { details?: { code?: string } } | null)?.details?.code === unknownEmailCode;

/** A team the licence is issued to (the address's `team`, from the team's customer page). */
export interface IssueTeam {
  id: string;
  name: string;
}

/** Creates an active license for a given email (a deal closed outside the site, a partner, a renewal), or for a team's account with a member to contact. */
export function AdminCreateLicenseForm({ onCreated, team, onClearTeam }: { onCreated: () => void; team?: IssueTeam; onClearTeam?: () => void }) {
  const blank = teamAdminForm(team?.name ?? '');
  const [form, setForm] = useState<AdminLicenseForm>(blank);
  const create = useAdminCreateLicense();
  const set = (patch: Partial<AdminLicenseForm>) => setForm((f) => ({ ...f, ...patch }));
  const disabled = createDisabled(form, create.isPending);
  /** the server's question when no account uses the e-mail: asked here before the licence is made */
  const [unknownEmail, setUnknownEmail] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** the licence the last Create made, shown under the heading until the next try */
  const [created, setCreated] = useState<string | null>(null);
  /** the server's words when the last try failed, shown under the spec's message until the next try */
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (unknownEmail) confirmButton.current?.focus();
  }, [unknownEmail]);

  const send = (confirmUnknownEmail: boolean) => {
    setUnknownEmail(null);
    setFailure(null);
    setCreated(null);
    create.mutate(
      { ...adminCreateBody(form, team?.id), confirmUnknownEmail },
      {
        onSuccess: () => {
          const what = `${form.organization.trim()} for ${form.email.trim()}`;
          // said once through the live region and shown under the heading: a toast would be read out a second time
          announce(`License created: ${what}.`);
          setCreated(what);
          setForm(blank);
          onCreated();
          // Create Anyway went with its question, and Create License is disabled on the emptied form: the form's heading takes the focus.
          focusWhenShown(() => headingRef.current, { from: headingRef.current?.closest('form') });
        },
        onError: (err) => {
          if (isUnknownEmail(err)) return setUnknownEmail(err.message);
          console.error('Admin license creation failed', err);
          setFailure(err.message);
          // Create License was disabled while it ran (and so lost the focus): it has it back, the alert beside it.
          focusWhenShown(() => submitButton.current, { from: submitButton.current?.form });
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!disabled) send(false);
  };

  return (
    <form id="create-license" className="card adm-lic-create" onSubmit={submit} data-testid="admin-create-license" aria-labelledby="admin-create-title">
      <h2 id="admin-create-title" ref={headingRef}>
        Create License
      </h2>
      {created && (
        <p className="adm-lic-created" data-testid="create-license-done">
          License created: {created}.
        </p>
      )}
      {team ? (
        <p className="muted adm-lic-team" data-testid="create-license-team">
          <span>
            For the team <strong>{team.name}</strong>: the license is the team&apos;s, with the team&apos;s name as its organization; the email is the member to contact.
          </span>
          <button type="button" className="btn btn-small" onClick={onClearTeam}>
            Not for a team
          </button>
        </p>
      ) : (
        <p className="muted">Issues an active Enterprise license with a key straight away; it appears in that user&apos;s list when they sign in with this email.</p>
      )}
      <div className="adm-lic-grid">
        <label className="field">
          <span>{team ? 'Contact email' : 'User email'}</span>
          <input
            type="email"
            value={form.email}
            onChange={(e) => {
              set({ email: e.target.value });
              setUnknownEmail(null);
            }}
            placeholder="name@company.com"
            required
            autoComplete="off"
          />
        </label>
        <label className="field">
          <span>Organization name</span>
          <input type="text" value={form.organization} onChange={(e) => set({ organization: e.target.value })} maxLength={200} required readOnly={team !== undefined} />
        </label>
        <label className="field">
          <span>Users limit (optional)</span>
          <input type="number" min={1} step={1} inputMode="numeric" value={form.users} onChange={(e) => set({ users: e.target.value })} placeholder="No limit" />
        </label>
        <label className="field">
          <span>GPUs limit (optional)</span>
          <input type="number" min={0} step={1} inputMode="numeric" value={form.gpus} onChange={(e) => set({ gpus: e.target.value })} placeholder="No limit" />
        </label>
        <label className="field">
          <span>Support level</span>
          <select value={form.support} onChange={(e) => set({ support: e.target.value as AdminLicenseForm['support'] })}>
            <option value="">{supportLabel('none')}</option>
            <option value="email">{supportLabel('email')}</option>
            <option value="premium">{supportLabel('premium')}</option>
          </select>
        </label>
        <div className="field adm-lic-duration">
          <label htmlFor="admin-license-weeks">Duration (weeks)</label>
          <div className="adm-lic-duration-row">
            <input
              id="admin-license-weeks"
              type="number"
              min={1}
              max={520}
              step={1}
              inputMode="numeric"
              value={form.durationWeeks}
              disabled={form.perpetual}
              onChange={(e) => set({ durationWeeks: e.target.value })}
            />
            <label className="lic-check">
              <input type="checkbox" checked={form.perpetual} onChange={(e) => set({ perpetual: e.target.checked })} />
              <span>Perpetual</span>
            </label>
          </div>
        </div>
      </div>
      {unknownEmail && (
        <div className="adm-lic-confirm" role="alert" data-testid="unknown-email-question">
          <p>{unknownEmail}</p>
          <div className="adm-lic-confirm-actions">
            <button type="button" className="btn btn-small" onClick={() => setUnknownEmail(null)}>
              Cancel
            </button>
            <button ref={confirmButton} type="button" className="btn btn-small btn-primary" onClick={() => send(true)} disabled={create.isPending}>
              Create Anyway
            </button>
          </div>
        </div>
      )}
      {failure !== null && (
        <p className="form-error" role="alert" data-testid="create-license-failed">
          <strong>{createFailedMessage}</strong>
          <br />
          <span className="small">{failure}</span>
        </p>
      )}
      <div className="adm-lic-create-foot">
        <button ref={submitButton} type="submit" className="btn btn-primary" disabled={disabled}>
          {create.isPending ? 'Creating...' : 'Create License'}
        </button>
      </div>
    </form>
  );
}
