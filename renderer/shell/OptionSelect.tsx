import type { SelectHTMLAttributes } from 'react';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & { options: readonly (readonly [value: string, text: string])[]; onChange(value: string): void };

/** A select over [value, text] options (a filter's first is usually '' for "any"); other props go to the select. */
export function OptionSelect({ options, onChange, ...select }: Props) {
  return (
    <select {...select} onChange={(e) => onChange(e.target.value)}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}
