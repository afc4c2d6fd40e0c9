import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { rovingIndex } from './roving-index';
import { useDismiss } from './use-dismiss';

/** the menu's items that are shown (an item may give way at some widths) */
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]') ?? [])].filter((item) => item.getClientRects().length > 0);

/**
 * A menu button and its `role="menu"` (the ARIA menu-button pattern): opening focuses the first
 * item (ArrowUp on the button: the last); Up/Down move and wrap, Home/End jump; Escape closes and
 * returns focus to the button; Tab (items are out of the tab order, so it leaves), a click or
 * focus outside closes. `choose` closes and gives focus back to the button, since the chosen item
 * goes with the menu. Items: `role="menuitem"` (or `menuitemradio`) with `tabIndex={-1}`.
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const [startAt, setStartAt] = useState<'first' | 'last'>('first');
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close, { returnFocus: button });

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menu.current);
    (startAt === 'first' ? items[0] : items.at(-1))?.focus();
  }, [open, startAt]);

  const show = (at: 'first' | 'last') => {
    setStartAt(at);
    setOpen(true);
  };

  const buttonProps = {
    ref: button,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    onClick: () => (open ? setOpen(false) : show('first')),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 'first' : 'last');
    },
  };

  const menuProps = {
    ref: menu,
    role: 'menu' as const,
    onKeyDown: (e: KeyboardEvent) => {
      const items = itemsOf(menu.current);
      const next = rovingIndex(e.key, items.indexOf(document.activeElement as HTMLElement), items.length, 'vertical');
      if (next === undefined) return;
      e.preventDefault();
      items[next]?.focus();
    },
  };

  /** Closes after a choice; focus returns to the button instead of falling to <body> with the item. */
  const choose = () => {
    setOpen(false);
    button.current?.focus();
  };

  return { open, box, buttonProps, menuProps, choose };
}
