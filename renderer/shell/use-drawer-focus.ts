import { type RefObject, useEffect, useRef } from 'react';
import { focusWhenShown, tabbablesIn } from './focus';

interface Drawer {
  /** the drawer is open as a modal over the page (narrow screens) */
  modal: boolean;
  drawer: RefObject<HTMLElement | null>;
  toggle: RefObject<HTMLElement | null>;
  pathname: string;
  close(): void;
}

const pageTitle = () => document.querySelector('#main h1');

/**
 * The drawer as a focus-managed dialog: opening puts focus on its first link; Tab and Shift+Tab
 * cycle through the toggle (which closes it) and the drawer's links, the page behind being inert;
 * Escape closes. Closing gives focus back to the toggle, or, when a link was followed, to the new
 * page's title. Any navigation that leaves focus on <body> also lands it on the page's title.
 */
export function useDrawerFocus({ modal, drawer, toggle, pathname, close }: Drawer): { followLink(to: string): void } {
  const wasModal = useRef(false);
  const lastPath = useRef(pathname);
  /** the path of a drawer link being followed: its page's title takes focus once it is shown */
  const following = useRef<string | undefined>(undefined);

  useEffect(() => {
    const navigated = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (modal && !wasModal.current && drawer.current) tabbablesIn(drawer.current)[0]?.focus();
    // The drawer closes first and the page changes after: wait for the page the link leads to (or a redirect).
    if (following.current !== undefined && (navigated || following.current === pathname)) {
      following.current = undefined;
      focusWhenShown(pageTitle, { from: drawer.current });
    } else if (following.current === undefined && !modal && wasModal.current) {
      focusWhenShown(() => toggle.current, { from: drawer.current });
    } else if (navigated) {
      focusWhenShown(pageTitle);
    }
    wasModal.current = modal;
  }, [modal, pathname, drawer, toggle]);

  useEffect(() => {
    if (!modal) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== 'Tab' || !drawer.current || !toggle.current) return;
      const cycle = [toggle.current, ...tabbablesIn(drawer.current)];
      const at = cycle.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? 1 : (at + (e.shiftKey ? cycle.length - 1 : 1)) % cycle.length;
      e.preventDefault();
      cycle[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modal, drawer, toggle, close]);

  const followLink = (to: string) => {
    if (modal) following.current = to;
    close();
  };
  return { followLink };
}
