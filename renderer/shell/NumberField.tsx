import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = { id: string; label: string; hint: ReactNode; hintClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** A labelled number input in a `.field`, described by the hint under it; other props go to the input. */
export function NumberField({ id, label, hint, hintClassName, ...input }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" aria-describedby={`${id}-hint`} {...input} />
      <small id={`${id}-hint`} className={hintClassName}>
        {hint}
      </small>
    </div>
  );
}
