import type { KeyboardEvent, MouseEvent } from 'react';
import { rovingIndex } from '../shell/roving-index';

interface Props<T extends string> {
  label: string;
  options: readonly { id: T; label: string }[];
  selected: T | undefined;
  onSelect(id: T): void;
  /** each tab's own address (the /docs guides): a link a reader without scripts can follow; with scripts it only switches the content */
  hrefOf?: (id: T) => string;
}

/** A plain click switches in place; a click meant for a new tab or window is left to the browser. */
export const inPlace = (select: () => void) => (e: MouseEvent<HTMLAnchorElement>) => {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  select();
};

/** A row of tabs that only switch the content below (spec 4); the selected one is announced. */
export function Tabs<T extends string>({ label, options, selected, onSelect, hrefOf }: Props<T>) {
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
    e.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="inset sg-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((o) => {
        const shared = {
          role: 'tab',
          'data-tab': o.id,
          tabIndex: o.id === selected || (selected === undefined && o === options[0]) ? 0 : -1,
          'aria-selected': o.id === selected,
          className: `sg-tab${o.id === selected ? ' active' : ''}`,
        } as const;
        return hrefOf ? (
          <a key={o.id} {...shared} href={hrefOf(o.id)} onClick={inPlace(() => onSelect(o.id))}>
            {o.label}
          </a>
        ) : (
          <button key={o.id} type="button" {...shared} onClick={() => onSelect(o.id)}>
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
