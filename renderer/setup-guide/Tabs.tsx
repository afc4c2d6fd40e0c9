interface Props<T extends string> {
  label: string;
  options: readonly { id: T; label: string }[];
  selected: T | undefined;
  onSelect(id: T): void;
}

/** A row of tabs that only switch the content below (spec 4); the selected one is announced. */
export function Tabs<T extends string>({ label, options, selected, onSelect }: Props<T>) {
  return (
    <div className="sg-tabs" role="tablist" aria-label={label}>
      {options.map((o) => (
        <button key={o.id} type="button" role="tab" aria-selected={o.id === selected} className={`sg-tab${o.id === selected ? ' active' : ''}`} onClick={() => onSelect(o.id)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
