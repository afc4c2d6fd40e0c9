import { type FormEvent, useId, useState } from 'react';
import { type AddFormErrors, type AddFormValues, canSubmitAddForm, validateAddForm } from './add-form';
import { connectedLimits } from '../../../shared/api/connected-deployments';
import { lengthState } from '../length-limit';
import { LengthHint } from '../LengthHint';
import './add-deployment-form.css';

/** Name and description tell their limits while typing (issue 45); the URL's is beyond any real address. */
const limited = { name: ['Name', connectedLimits.name], description: ['Description', connectedLimits.description] } as const;

interface Props {
  onSubmit: (value: AddFormValues) => void;
  onCancel: () => void;
  busy?: boolean;
}

const limitOf = (field: keyof typeof limited) => [limited[field][1], limited[field][0]] as const;

const empty: AddFormValues = { name: '', description: '', url: '' };

/** The inline add form of the deploy menu and the private deployments list: name, description, URL. */
export function AddDeploymentForm({ onSubmit, onCancel, busy = false }: Props) {
  const ids = useId();
  const [values, setValues] = useState<AddFormValues>(empty);
  const [errors, setErrors] = useState<AddFormErrors>({});

  const set = (field: keyof AddFormValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateAddForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onSubmit(result.value);
  };

  const lengths = { name: lengthState(values.name, ...limitOf('name')), description: lengthState(values.description, ...limitOf('description')) };
  const tooLong = lengths.name.problem ?? lengths.description.problem;

  const field = (name: keyof AddFormValues, label: string, placeholder: string, required: boolean) => {
    const length = name === 'url' ? undefined : lengths[name];
    const error = errors[name] !== length?.problem ? errors[name] : undefined;
    const described = [error && `${ids}-${name}-error`, length && `${ids}-${name}-length`].filter(Boolean).join(' ') || undefined;
    return (
      // The error sits outside the label so the field's accessible name stays its label.
      <div className="field add-field">
        <label htmlFor={`${ids}-${name}`}>{label}</label>
        <input
          id={`${ids}-${name}`}
          name={name}
          value={values[name]}
          onChange={set(name)}
          placeholder={placeholder}
          aria-required={required}
          aria-invalid={error || length?.problem ? true : undefined}
          aria-describedby={described}
          autoComplete="off"
        />
        {error && (
          <span className="form-error" id={`${ids}-${name}-error`} role="alert">
            {error}
          </span>
        )}
        {length && <LengthHint id={`${ids}-${name}-length`} state={length} />}
      </div>
    );
  };

  return (
    <form className="add-deployment-form" onSubmit={submit} noValidate data-testid="add-deployment-form">
      {field('name', 'Name', 'My private deployment', true)}
      {field('description', 'Description (optional)', 'What runs there', false)}
      {field('url', 'URL', 'https://agents.example.com', true)}
      <div className="add-actions">
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={!canSubmitAddForm(values) || tooLong !== undefined || busy}>
          Add
        </button>
      </div>
    </form>
  );
}
