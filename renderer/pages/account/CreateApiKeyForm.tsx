import { type FormEvent, useState } from 'react';
import { apiKeyExpiryDays, apiKeyNameMax, createApiKeyBody, type CreatedApiKey } from '../../../shared/api/auth';
import { type ApiKeyScope, apiKeyScopes } from '../../../shared/api/scopes';
import { selectIsAdmin, useAuthStore } from '../../auth/store';
import { useCreateApiKey } from '../../queries/auth';
import { expiryLabel, scopeHints } from './api-key-options';
import './api-keys.css';
import { ErrorAlert } from '../../shell/ErrorAlert';

const defaultScopes: ApiKeyScope[] = ['read', 'deploy', 'billing'];

/** Name a new key, choose what it may do and how long it lives, and create it; the caller shows the whole key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const isAdmin = useAuthStore(selectIsAdmin);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(defaultScopes);
  const [expiry, setExpiry] = useState<string>('90');
  const create = useCreateApiKey();
  const offered = apiKeyScopes.filter((s) => s !== 'admin' || isAdmin);

  const toggle = (scope: ApiKeyScope) => setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

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
