import type { ReactNode } from 'react';
import { OptionSelect } from './OptionSelect';
import { AccountFilterChip } from './admin/AccountFilterChip';
import { useTypedValues } from './use-typed-values';

type Options = readonly (readonly [value: string, text: string])[];

/** A filter picked from options, applied as it is picked; the first option ('') is "any". */
export interface SelectFilter<K extends string> {
  kind: 'select';
  key: K;
  label: string;
  options: Options;
}

/** A whole number typed in a box ("Expiring within [30] days"), applied with Apply or Enter. */
export interface NumberFilter<K extends string> {
  kind: 'number';
  key: K;
  label: string;
  unit: string;
  min: number;
  max: number;
  className?: string;
}

export type FilterField<K extends string> = SelectFilter<K> | NumberFilter<K>;

type Filters = Record<string, string | number | undefined>;

const capital = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** The options of a select filter: "any" first, then each value (capitalised unless `text` says otherwise). */
export function optionsOf(any: string, values: readonly string[], text: (v: string) => string = capital): [string, string][] {
  return [['', any], ...values.map((v): [string, string] => [v, text(v)])];
}

interface Props<F extends Filters> {
  filters: F;
  onChange(f: F): void;
  /** the form's class, after `filter-bar` */
  className: string;
  /** what the search box searches, e.g. "Search name, email, ID or IP" (its label and placeholder) */
  search: string;
  placeholder?: string;
  fields: readonly FilterField<keyof F & string>[];
  /** a Clear button while any filter is set */
  clearable?: boolean;
  /** the export buttons */
  children?: ReactNode;
}

/**
 * An admin list's filters: a search box and number boxes that apply with Apply or Enter, selects
 * that apply as they are picked, Clear, and the list's export buttons. One account's rows only
 * (`account`, from a customer page's links) shows whose, with the way back to every account's.
 */
export function FiltersBar<F extends Filters>({ filters, onChange, className, search, placeholder = search, fields, clearable = true, children }: Props<F>) {
  const numbers = fields.filter((f): f is NumberFilter<keyof F & string> => f.kind === 'number');
  const [typed, type] = useTypedValues<string>({
    ...Object.fromEntries(numbers.map((f) => [f.key, filters[f.key] ? String(filters[f.key]) : ''])),
    search: typeof filters.search === 'string' ? filters.search : '',
  });
  const text = typed.search ?? '';
  const apply = (patch: Filters) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some((v) => v !== undefined);
  const whole = (f: NumberFilter<string>) => {
    const n = Number(typed[f.key]);
    return Number.isInteger(n) && n >= f.min && n <= f.max ? n : undefined;
  };
  const picked = (f: SelectFilter<string>, v: string) => (v !== '' && f.options.some(([o]) => o === v) ? v : undefined);

  return (
    <form
      className={`filter-bar ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        apply({ search: text.trim() || undefined, ...Object.fromEntries(numbers.map((f) => [f.key, whole(f)])) });
      }}
    >
      {typeof filters.account === 'string' && <AccountFilterChip id={filters.account} onClear={() => apply({ account: undefined })} />}
      <input className="filter-search" type="search" aria-label={search} placeholder={placeholder} maxLength={200} value={text} onChange={(e) => type('search', e.target.value)} />
      {fields.map((f) =>
        f.kind === 'select' ? (
          <OptionSelect key={f.key} aria-label={f.label} value={String(filters[f.key] ?? '')} options={f.options} onChange={(v) => apply({ [f.key]: picked(f, v) })} />
        ) : (
          <label key={f.key} className={f.className}>
            <span>{f.label}</span>
            <input
              type="number"
              inputMode="numeric"
              min={f.min}
              max={f.max}
              aria-label={`${f.label} (${f.unit})`}
              placeholder={f.unit}
              value={typed[f.key]}
              onChange={(e) => type(f.key, e.target.value)}
            />
            <span>{f.unit}</span>
          </label>
        ),
      )}
      <button type="submit" className="btn btn-small">
        Apply
      </button>
      {clearable && any && (
        <button
          type="button"
          className="btn btn-small"
          onClick={(e) => {
            // Clear goes with the filters it clears: the search box takes the focus rather than <body>
            e.currentTarget.form?.querySelector<HTMLInputElement>('.filter-search')?.focus();
            onChange({} as F);
          }}
        >
          Clear
        </button>
      )}
      {children}
    </form>
  );
}
