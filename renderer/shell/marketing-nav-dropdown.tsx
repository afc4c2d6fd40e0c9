import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { LandingSection, NavEntry } from './marketing-nav';
import { rovingIndex } from './roving-index';

export type OpenedBy = 'hover' | 'click';

interface Props {
  id: string;
  label: string;
  entries: NavEntry[];
  open: boolean;
  openedBy: OpenedBy | undefined;
  onOpen(by: OpenedBy): void;
  onClose(): void;
  /** the top-level item is the current page */
  current: boolean;
  /** the landing section the reader is in (Home menu only) */
  activeSection: LandingSection | undefined;
  onNavigate(): void;
}

/** Hover opens menus only with a real mouse on the wide layout; on the stacked mobile menu a tap does. */
const wideLayout = () => window.matchMedia('(min-width: 769px)').matches;

/**
 * A disclosure dropdown of the top bar: a button with aria-expanded and a list of links. Opens on
 * hover (mouse, wide screens) or click/tap; arrow keys move through the links; Escape closes and
 * returns focus to the button; focus or a click outside closes it.
 */
export function NavDropdown({ id, label, entries, open, openedBy, onOpen, onClose, current, activeSection, onNavigate }: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const menuId = `nav-menu-${id}`;

  useEffect(() => {
    if (!open) return;
    const outside = (e: globalThis.PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, onClose]);

  const focusLink = (i: number) => links.current[i]?.focus();
  const focusedIndex = () => links.current.findIndex((l) => l === document.activeElement);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      onOpen('click');
      const target = e.key === 'ArrowDown' ? 0 : entries.length - 1;
      // the list is rendered once open is true
      requestAnimationFrame(() => focusLink(target));
    } else if (e.key === 'Escape' && open) {
      onClose();
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      button.current?.focus();
      return;
    }
    const next = rovingIndex(e.key, focusedIndex(), entries.length, 'vertical');
    if (next !== undefined) {
      e.preventDefault();
      focusLink(next);
    }
  };

  const onEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && !open && wideLayout()) onOpen('hover');
  };
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && open && openedBy === 'hover') onClose();
  };
  const onClick = () => {
    // A click on a menu the pointer already opened keeps it open (and pinned), rather than closing it under the cursor.
    if (open && openedBy === 'hover') onOpen('click');
    else if (open) onClose();
    else onOpen('click');
  };

  return (
    <div
      ref={wrap}
      className={`nav-dropdown${open ? ' open' : ''}`}
      data-testid={`nav-${id}`}
      onPointerEnter={onEnter}
      onPointerLeave={onLeave}
      onBlur={(e) => {
        if (open && !wrap.current?.contains(e.relatedTarget as Node | null)) onClose();
      }}
    >
      <button ref={button} type="button" className={`site-link nav-dropdown-button${current ? ' active' : ''}`} aria-expanded={open} aria-controls={menuId} onClick={onClick} onKeyDown={onButtonKey}>
        {label}
        <svg className="nav-caret" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M3 4.5l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={menuId} className="nav-menu" hidden={!open} onKeyDown={onMenuKey}>
        {entries.map((entry, i) => {
          const here = entry.section !== undefined && entry.section === activeSection;
          return (
            <li key={entry.label}>
              <Link
                ref={(el) => {
                  links.current[i] = el;
                }}
                to={entry.to}
                className={`nav-menu-link${here ? ' active' : ''}`}
                aria-current={here ? 'location' : undefined}
                onClick={() => {
                  onClose();
                  onNavigate();
                }}
              >
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
