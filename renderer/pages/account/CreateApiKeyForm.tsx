import { type FormEvent, useState } from 'react';
import { apiKeyExpiryDays, apiKeyNameMax, createApiKeyBody, type CreatedApiKey } from '../../../shared/api/auth';
import { type ApiKeyScope, apiKeyScopes } from '../../../shared/api/scopes';
import { selectIsAdmin, useAuthStore } from '../../auth/store';
import { useCreateApiKey } from '../../queries/auth';
import { expiryLabel, scopeHints } from './api-key-options';
import './api-keys.css';
import { ErrorAlert } from '../../shell/ErrorAlert';
import { useCurrentTeam } from '../../shell/account/use-role';
import { roleScopes } from '../../../shared/teams/roles';

/** The scopes a key made here may have: in a team those of the person's role (the one rule table), in the personal account all but admin unless they are one. */
function offeredScopes(teamRole: keyof typeof roleScopes | undefined, isAdmin: boolean): ApiKeyScope[] {
  if (teamRole) return [...roleScopes[teamRole]];
  return apiKeyScopes.filter((s) => s !== 'admin' || isAdmin);
}

/** Name a new key, choose what it may do and how long it lives, and create it; the caller shows the whole key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const isAdmin = useAuthStore(selectIsAdmin);
  const team = useCurrentTeam();
  const offered = offeredScopes(team?.role, isAdmin);
  const [name, setName] = useState('');
  // every scope on offer but admin is ticked: the default key does all the role may, never more
  const defaults = offered.filter((s) => s !== 'admin');
  const [chosen, setScopes] = useState<ApiKeyScope[] | undefined>(undefined);
  const scopes = (chosen ?? defaults).filter((s) => offered.includes(s));
  const [expiry, setExpiry] = useState<string>('90');
  const create = useCreateApiKey();
  const toggle = (scope: ApiKeyScope) => setScopes(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = createApiKeyBody.safeParse({ name, scopes, expires_in_days: expiry === 'never' ? null : Number(expiry) });
    if (!body.success) return;
    create.mutate(body.data, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
    });
  };

  return (
    <form className="inline-form api-key-form" onSubmit={submit}>
      <label className="field">
        <span>Key name</span>
        <input type="text" value={name} maxLength={apiKeyNameMax} placeholder="e.g. CI pipeline" onChange={(e) => setName(e.target.value)} required />
      </label>
      <fieldset className="field api-key-scopes">
        <legend>Scopes</legend>
        {offered.map((scope) => (
          <label key={scope} className="checkbox" title={scopeHints[scope]}>
            <input type="checkbox" name="scope" value={scope} checked={scopes.includes(scope)} onChange={() => toggle(scope)} /> {scope}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Expires</span>
        <select name="expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {apiKeyExpiryDays.map((d) => (
            <option key={d} value={String(d)}>
              {expiryLabel(d)}
            </option>
          ))}
          <option value="never">{expiryLabel(null)}</option>
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || name.trim() === '' || scopes.length === 0}>
        {create.isPending ? 'Creating...' : 'Create API key'}
      </button>
      {scopes.length === 0 && <p className="form-error">Choose at least one scope.</p>}
      <ErrorAlert error={create.error} what="Could not create the key" />
    </form>
  );
}
