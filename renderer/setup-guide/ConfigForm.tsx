import type { ReactNode } from 'react';
import type { License } from '../../shared/api/licenses';
import { externalVectorNote } from '../../shared/setup-guide/helm-values';
import { runnerImageSizes, type RunnerImageSize } from '../../shared/setup-guide/config';
import type { LicenseChoice } from '../../shared/setup-guide/licenses';
import type { GuideVariant } from '../../shared/setup-guide/versions';
import { LicenseField } from './LicenseField';
import { SecretInput, TextInput } from './SecretInput';
import type { SetupConfigState } from './use-setup-config';
import { VersionPicker } from './VersionPicker';

interface Props {
  state: SetupConfigState;
  variant: GuideVariant;
  signedIn: boolean;
  /** the end of the account's saved model-hub token (it is write-only) */
  savedTokenLast4?: string | null;
  choice: LicenseChoice<License> | undefined;
  versions: string[];
  versionsLoading: boolean;
}

function Radio({ name, checked, onChange, children }: { name: string; checked: boolean; onChange(): void; children: ReactNode }) {
  return (
    <label className="sg-radio">
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

/** Whether a database is the installation's built-in one or an external one. */
function BuiltInOrExternal({ name, external, onChange }: { name: string; external: boolean; onChange(external: boolean): void }) {
  return (
    <div className="sg-choices">
      <Radio name={name} checked={!external} onChange={() => onChange(false)}>
        Built-in
      </Radio>
      <Radio name={name} checked={external} onChange={() => onChange(true)}>
        External
      </Radio>
    </div>
  );
}

/** The setup configuration of public-site 3. No required-field messages (spec 5): outputs just follow the fields. */
export function ConfigForm({ state, variant, signedIn, savedTokenLast4, choice, versions, versionsLoading }: Props) {
  const { config: c, set } = state;
  const name = (n: string) => `sg-${variant}-${n}`;
  return (
    <form className="sg-form" aria-label="Setup configuration" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Access</legend>
        <div className="sg-choices">
          <Radio name={name('access')} checked={c.accessMethod === 'localhost'} onChange={() => state.setAccessMethod('localhost')}>
            Localhost (http://localhost:8080)
          </Radio>
          <Radio name={name('access')} checked={c.accessMethod === 'domain'} onChange={() => state.setAccessMethod('domain')}>
            Custom domain (HTTPS)
          </Radio>
        </div>
        {c.accessMethod === 'domain' && <TextInput label="Domain" value={c.domain} placeholder="ai.example.com" onChange={(v) => set('domain', v)} />}
      </fieldset>

      <fieldset>
        <legend>License and models</legend>
        <LicenseField value={c.licenseKey} onChange={(v) => set('licenseKey', v)} signedIn={signedIn} choice={choice} />
        <SecretInput
          label="Hugging Face token"
          value={c.huggingFaceToken}
          onChange={(v) => set('huggingFaceToken', v)}
          placeholder="hf_…"
          hint={savedTokenLast4 ? `Your account's saved token ends in ${savedTokenLast4}: paste it here to use it.` : 'Optional: lets runners download gated models.'}
        />
      </fieldset>

      <fieldset>
        <legend>Version</legend>
        {variant === 'app' ? (
          <VersionPicker versions={versions} loading={versionsLoading} value={c.imageTag} onChange={(v) => set('imageTag', v)} />
        ) : (
          <TextInput label="Image tag" value={c.imageTag} onChange={(v) => set('imageTag', v)} hint="latest follows new releases; pin a version such as 2.12.2 for production." />
        )}
      </fieldset>

      <fieldset>
        <legend>Database (PostgreSQL)</legend>
        <BuiltInOrExternal name={name('pg')} external={c.useExternalPostgres} onChange={(external) => state.setExternalPostgres(external)} />
        <div className="sg-grid">
          {c.useExternalPostgres && <TextInput label="Host" value={c.postgresHost} placeholder="db.internal" onChange={(v) => set('postgresHost', v)} />}
          <TextInput label="User" value={c.postgresUser} onChange={(v) => set('postgresUser', v)} />
          <SecretInput label="Database password" value={c.postgresPassword} onChange={(v) => set('postgresPassword', v)} />
          {!c.useExternalPostgres && <SecretInput label="Database admin password" value={c.postgresAdminPassword} onChange={(v) => set('postgresAdminPassword', v)} />}
          <TextInput label="Database name" value={c.postgresDatabase} onChange={(v) => set('postgresDatabase', v)} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Vector database (pgvector)</legend>
        <BuiltInOrExternal name={name('vec')} external={c.useExternalPgvector} onChange={(external) => state.setExternalPgvector(external)} />
        {c.useExternalPgvector && <p className="notice sg-note">{externalVectorNote}</p>}
        <div className="sg-grid">
          {c.useExternalPgvector && <TextInput label="Vector host" value={c.pgvectorHost} placeholder="vectors.internal" onChange={(v) => set('pgvectorHost', v)} />}
          {c.useExternalPgvector && <TextInput label="Vector port" type="number" value={String(c.pgvectorPort)} onChange={(v) => set('pgvectorPort', Number.parseInt(v, 10) || 5432)} />}
          <TextInput label="Vector user" value={c.pgvectorUser} onChange={(v) => set('pgvectorUser', v)} />
          <SecretInput label="Vector password" value={c.pgvectorPassword} onChange={(v) => set('pgvectorPassword', v)} />
          <TextInput label="Vector database" value={c.pgvectorDatabase} onChange={(v) => set('pgvectorDatabase', v)} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Identity provider and administrators</legend>
        <div className="sg-grid">
          <TextInput label="Identity provider admin user" value={c.keycloakUser} onChange={(v) => set('keycloakUser', v)} />
          <SecretInput label="Identity provider admin password" value={c.keycloakPassword} onChange={(v) => set('keycloakPassword', v)} />
        </div>
        <p className="notice notice-warning sg-note">
          Save this password somewhere safe now: you need it to sign in to the identity provider&apos;s admin console, and it is not stored anywhere else.
        </p>
        <TextInput
          label="Admin user IDs"
          value={c.adminUserIds}
          onChange={(v) => set('adminUserIds', v)}
          hint="all makes every user an administrator; or list identity-provider user IDs separated by commas."
        />
      </fieldset>

      <fieldset>
        <legend>Runner image</legend>
        <div className="sg-choices">
          {(Object.keys(runnerImageSizes) as RunnerImageSize[]).map((size) => (
            <Radio key={size} name={name('runner')} checked={c.runnerImageSize === size} onChange={() => set('runnerImageSize', size)}>
              {runnerImageSizes[size].label} ({runnerImageSizes[size].size})
            </Radio>
          ))}
        </div>
        <p className="sg-hint">Small pulls models on demand; large ships common models inside the image for offline sites.</p>
      </fieldset>
    </form>
  );
}
