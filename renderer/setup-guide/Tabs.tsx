import type { KeyboardEvent } from 'react';
import { rovingIndex } from '../shell/roving-index';

interface Props<T extends string> {
  label: string;
  options: readonly { id: T; label: string }[];
  selected: T | undefined;
  onSelect(id: T): void;
}

/** A row of tabs that only switch the content below (spec 4); the selected one is announced. */
export function Tabs<T extends string>({ label, options, selected, onSelect }: Props<T>) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next =
      options[
        rovingIndex(
          e.key,
          options.findIndex((o) => o.id === selected),
          options.length,
        ) ?? -1
      ];
    if (!next) return;
    e.preventDefault();
    onSelect(next.id);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="inset sg-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          role="tab"
          data-tab={o.id}
          tabIndex={o.id === selected || (selected === undefined && o === options[0]) ? 0 : -1}
          aria-selected={o.id === selected}
          className={`sg-tab${o.id === selected ? ' active' : ''}`}
          onClick={() => onSelect(o.id)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
