import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { type DeploymentTypeWire, deploymentNameMax } from '../../../shared/api/deployments';
import { createTimeoutOptions, timeoutLabel } from '../../../shared/deployments/timeouts';
import { linkTo } from '../../routes/links';
import { requiredDataFailedMessage, validName } from './create-flow';
import { priceLine } from '../../shell/deployments/format';
import { useDeploymentTypes, useReleases, useUserMeta } from '../../queries/deployments';
import type { CreateFlow } from './use-create-deployment';
import { focusWhenShown } from '../../shell/focus';
import { revealRowWhenShown } from './reveal-row';
import { lengthState } from '../../shell/length-limit';
import { LengthHint } from '../../shell/LengthHint';

const forever = 'forever';
const timeoutValue = (mins: number | null) => (mins === null ? forever : String(mins));
const timeoutFrom = (value: string) => (value === forever ? null : Number(value));

/** Name, timeout, Advanced Options (version) and, for GPU, the model-hub token; Enter in the name submits. */
export function CreateForm({ type, flow }: { type: DeploymentTypeWire; flow: CreateFlow }) {
  const ids = useId();
  const types = useDeploymentTypes();
  const releases = useReleases(true);
  const meta = useUserMeta(type.gpu);
  const { phase, error, starting, submit } = flow;

  const [name, setName] = useState('');
  const [timeout, setTimeoutValue] = useState(timeoutValue(createTimeoutOptions[0] ?? null));
  const [advanced, setAdvanced] = useState(false);
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [token, setToken] = useState<string | undefined>(undefined);
  const nameInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  useEffect(() => nameInput.current?.focus(), [type.id]);

  // Until the user picks one: the first stable version. The saved token is never sent back, only its end.
  const chosenVersion = version ?? releases.data?.default ?? '';
  const savedLast4 = meta.data?.huggingface_token_last4 ?? null;
  const enteredToken = token ?? '';

  const busy = phase !== 'idle';
  // the provider's host-name limit, told while typing: a longer name is refused, never cut
  const nameLength = lengthState(name, deploymentNameMax, 'Name');
  const dataFailed = types.isError || releases.isError || (type.gpu && meta.isError);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = validName(name);
    if (!trimmed || busy || nameLength.problem) return;
    void submit(
      { typeId: type.id, name: trimmed, timeoutMins: timeoutFrom(timeout), version: chosenVersion || undefined },
      {
        gpu: type.gpu,
        token: type.gpu ? enteredToken : undefined,
        onCreated: (id) => {
          setName('');
          // Create empties the name, which disables the button under the keyboard's focus: go on to the new row.
          focusWhenShown(() => document.querySelector(`[data-deployment-id="${id}"] .row-name`), { from: submitButton.current, preventScroll: true });
          revealRowWhenShown(id);
        },
      },
    );
  };

  return (
    <form className="card create-form" data-testid="create-form" onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
      <div className="create-form-head">
        <h2 id={`${ids}-title`}>New {type.name}</h2>
        <span className="muted">{priceLine(type)}</span>
      </div>

      {dataFailed && (
        <p className="form-error" role="alert">
          {requiredDataFailedMessage}
        </p>
      )}

      <div className="create-grid">
        {/* the hint sits outside the label, so the field's accessible name stays its label */}
        <div className="field">
          <label htmlFor={`${ids}-name`}>Deployment name</label>
          <input
            id={`${ids}-name`}
            ref={nameInput}
            type="text"
            data-testid="deployment-name"
            value={name}
            placeholder="e.g. my-first-agent"
            autoComplete="off"
            aria-invalid={nameLength.problem ? true : undefined}
            aria-describedby={`${ids}-name-length`}
            onChange={(e) => setName(e.target.value)}
          />
          <LengthHint id={`${ids}-name-length`} state={nameLength} />
        </div>
        <label className="field">
          <span>Timeout</span>
          <select value={timeout} onChange={(e) => setTimeoutValue(e.target.value)} data-testid="create-timeout">
            {createTimeoutOptions.map((mins) => (
              <option key={timeoutValue(mins)} value={timeoutValue(mins)}>
                {timeoutLabel(mins)}
              </option>
            ))}
          </select>
        </label>
        {type.gpu && (
          <label className="field">
            <span>Hugging Face token (required)</span>
            <input
              type="password"
              value={enteredToken}
              placeholder={savedLast4 ? `Saved token ending in ${savedLast4}` : 'hf_…'}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setToken(e.target.value)}
              data-testid="hf-token"
            />
            <small className="muted" data-testid="hf-token-hint">
              {savedLast4
                ? `Your saved token ends in ${savedLast4}; type a new one to replace it.`
                : 'Given to the machine’s install to pull gated models from the model hub; saved to this account. Without one, gated models will not download.'}
            </small>
          </label>
        )}
      </div>

      <button type="button" className="link-button" aria-expanded={advanced} aria-controls={`${ids}-advanced`} onClick={() => setAdvanced((a) => !a)}>
        <svg
          className={`chevron${advanced ? ' open' : ''}`}
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M9 6l6 6-6 6" />
        </svg>
        Advanced Options
      </button>
      {advanced && (
        <div id={`${ids}-advanced`} className="create-advanced">
          <label className="field">
            <span>Version</span>
            <select value={chosenVersion} onChange={(e) => setVersion(e.target.value)} data-testid="create-version">
              {!releases.data && <option value="">Latest</option>}
              {releases.data?.versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                  {v === releases.data?.default ? ' (latest stable)' : ''}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      <div className="create-actions">
        {/* busy is aria-disabled, not disabled, so the keyboard's focus stays on the button until the new row takes it */}
        <button ref={submitButton} type="submit" className="btn btn-primary" disabled={!busy && (validName(name) === undefined || nameLength.problem !== undefined)} aria-disabled={busy}>
          {busy ? 'Creating...' : `Create ${type.name}`}
        </button>
        {starting && (
          <span className="starting" role="status" data-testid="starting">
            <span className="spinner" aria-hidden="true" />
            Starting... <strong>{starting.name}</strong>
          </span>
        )}
      </div>

      {error && (
        <p className="form-error" role="alert" data-testid="create-error">
          {error.message}
          {error.addFunds && (
            <>
              {' '}
              <Link to={linkTo('balance')}>Add funds</Link>
            </>
          )}
        </p>
      )}
    </form>
  );
}
