import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { rovingIndex } from '../../../shell/roving-index';

interface Props<T extends string> {
  /** ids are `${idPrefix}-tab-${value}` and `${idPrefix}-panel-${value}` */
  idPrefix: string;
  label: string;
  values: readonly T[];
  selected: T;
  onSelect(value: T): void;
  render(value: T): ReactNode;
  className?: string;
}

export const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
export const panelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

/** An ARIA tablist: one tab in the tab order, arrows move focus and select (automatic activation). */
export function TabList<T extends string>({ idPrefix, label, values, selected, onSelect, render, className }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const next = rovingIndex(e.key, values.indexOf(selected), values.length);
    const value = next === undefined ? undefined : values[next];
    if (next === undefined || value === undefined) return;
    e.preventDefault();
    onSelect(value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className ?? 'lp-tabs'} onKeyDown={onKey}>
      {values.map((v, i) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, v)}
          aria-selected={v === selected}
          aria-controls={panelId(idPrefix, v)}
          tabIndex={v === selected ? 0 : -1}
          className={`lp-tab${v === selected ? ' selected' : ''}`}
          onClick={() => onSelect(v)}
        >
          {render(v)}
        </button>
      ))}
    </div>
  );
}
