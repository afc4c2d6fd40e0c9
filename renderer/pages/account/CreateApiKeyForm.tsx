import { type FormEvent, useState } from 'react';
import { apiKeyNameMax, createApiKeyBody, type CreatedApiKey } from '../../../shared/api/auth';
import { useCreateApiKey } from '../../queries/auth';

/** Name a new key and create it; the caller shows the whole key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const create = useCreateApiKey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = createApiKeyBody.safeParse({ name });
    if (!body.success) return;
    create.mutate(body.data.name, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
    });
  };

  return (
    <form className="inline-form" onSubmit={submit}>
      <label className="field">
        <span>Key name</span>
        <input
          type="text"
          value={name}
          maxLength={apiKeyNameMax}
          placeholder="e.g. CI pipeline"
          onChange={(e) => setName(e.target.value)}
          required
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || name.trim() === ''}>
        {create.isPending ? 'Creating...' : 'Create API key'}
      </button>
      {create.isError && (
        <p className="form-error" role="alert">
          Could not create the key: {create.error.message}
        </p>
      )}
    </form>
  );
}
