import { type FormEvent, useId, useState } from 'react';
import { type AddFormErrors, type AddFormValues, canSubmitAddForm, validateAddForm } from './add-form';
import './add-deployment-form.css';

interface Props {
  onSubmit: (value: AddFormValues) => void;
  onCancel: () => void;
  busy?: boolean;
}

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

  const field = (name: keyof AddFormValues, label: string, placeholder: string, required: boolean) => (
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
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids}-${name}-error` : undefined}
        autoComplete="off"
      />
      {errors[name] && (
        <span className="form-error" id={`${ids}-${name}-error`} role="alert">
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <form className="add-deployment-form" onSubmit={submit} noValidate data-testid="add-deployment-form">
      {field('name', 'Name', 'My private deployment', true)}
      {field('description', 'Description (optional)', 'What runs there', false)}
      {field('url', 'URL', 'https://agents.example.com', true)}
      <div className="add-actions">
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={!canSubmitAddForm(values) || busy}>
          Add
        </button>
      </div>
    </form>
  );
}
