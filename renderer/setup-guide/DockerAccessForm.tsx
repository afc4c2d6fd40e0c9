import { useId, useState } from 'react';
import { useRegisterPrivateDeployment } from '../queries/connected-deployments';
import { selectSignedIn, useAuthStore } from '../auth/store';
import { useBrand } from '../app/use-brand';
import { type DockerAccess, dockerAccessKey, dockerRegistration, isDirty, normalizedDockerAccess, parseDockerAccess } from './docker-access';

function readSaved(): DockerAccess {
  try {
    return parseDockerAccess(window.localStorage.getItem(dockerAccessKey));
  } catch {
    return parseDockerAccess(null);
  }
}

/**
 * Spec 2.10/4: how people reach a Docker Compose install. Save is enabled only when the draft
 * differs from what is saved; signed in, saving a custom domain registers it as a private
 * deployment (errors logged only, spec 8).
 */
export function DockerAccessForm() {
  const id = useId();
  const brand = useBrand();
  const signedIn = useAuthStore(selectSignedIn);
  const register = useRegisterPrivateDeployment();
  const [saved, setSaved] = useState<DockerAccess>(readSaved);
  const [draft, setDraft] = useState<DockerAccess>(saved);
  const dirty = isDirty(draft, saved);

  const save = async () => {
    const next = normalizedDockerAccess(draft);
    try {
      window.localStorage.setItem(dockerAccessKey, JSON.stringify(next));
    } catch (err) {
      console.warn('Saving the Docker access configuration failed', err);
    }
    setSaved(next);
    setDraft(next);
    const registration = dockerRegistration(next, brand.name);
    if (!signedIn || !registration) return;
    try {
      await register(registration);
    } catch (err) {
      console.error('Registering the Docker deployment failed', err);
    }
  };

  return (
    <form
      className="card sg-docker-access"
      aria-label="Docker access"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) void save();
      }}
    >
      <h3>Docker access</h3>
      <p className="muted">How people reach this installation. With a custom domain, the installer sets up HTTPS for it{signedIn ? ' and it is added to your private deployments' : ''}.</p>
      <label className="sg-check">
        <input type="checkbox" checked={draft.useCustomDomain} onChange={(e) => setDraft({ ...draft, useCustomDomain: e.target.checked })} />
        Use a custom domain
      </label>
      {draft.useCustomDomain && (
        <div className="field sg-field">
          <label htmlFor={id}>Custom domain</label>
          <input id={id} value={draft.customDomain} placeholder="ai.example.com" spellCheck={false} onChange={(e) => setDraft({ ...draft, customDomain: e.target.value })} />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={!dirty}>
        {dirty ? 'Save Configuration' : 'Configuration Saved'}
      </button>
    </form>
  );
}
