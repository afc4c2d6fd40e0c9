import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
 * A menu that would run past the bottom of the window opens upward when there is room above
 * (`data-placement="up"` on the menu; `.menu[data-placement='up']` in styles.css).
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const [startAt, setStartAt] = useState<'first' | 'last'>('first');
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [up, setUp] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close, { returnFocus: button });

  // Measured before paint, so the menu never shows below first. Opened below, it is measured there.
  useLayoutEffect(() => {
    if (!open) return setUp(false);
    const m = menu.current;
    const b = button.current;
    if (!m || !b || getComputedStyle(m).position === 'fixed') return setUp(false);
    const below = window.innerHeight - b.getBoundingClientRect().bottom;
    const above = b.getBoundingClientRect().top;
    const height = m.getBoundingClientRect().height + 12;
    setUp(height > below && above > below);
  }, [open]);

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
    'data-placement': up ? 'up' : 'down',
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
