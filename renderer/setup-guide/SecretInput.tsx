import { useId, useState } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  placeholder?: string;
}

/** A masked field with a show/hide toggle (spec 2.10); the toggle states what it does for screen readers. */
export function SecretInput({ label, value, onChange, hint, placeholder }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field sg-field">
      <label htmlFor={id}>{label}</label>
      <div className="sg-secret">
        <input id={id} type={shown ? 'text' : 'password'} value={value} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
        <button type="button" className="btn btn-small" aria-pressed={shown} aria-label={`Show ${label}`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && <span className="sg-hint">{hint}</span>}
    </div>
  );
}

export function TextInput({ label, value, onChange, hint, placeholder, type = 'text' }: Props & { type?: 'text' | 'number' }) {
  const id = useId();
  return (
    <div className="field sg-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} placeholder={placeholder} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      {hint && <span className="sg-hint">{hint}</span>}
    </div>
  );
}
