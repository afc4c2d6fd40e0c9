import type { Ref } from 'react';
import { Icon } from './icons';

/** The hamburger button of narrow screens: opens and closes the menu with the given id. */
export function MenuToggle({ ref, open, controls, onClick }: { ref?: Ref<HTMLButtonElement>; open: boolean; controls: string; onClick: () => void }) {
  return (
    <button
      ref={ref}
      type="button"
      className="icon-button menu-toggle"
      data-testid="menu-toggle"
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
    >
      <Icon name={open ? 'close' : 'menu'} size={20} />
    </button>
  );
}
