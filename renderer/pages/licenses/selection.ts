import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { linkTo } from '../../routes/links';

export interface CardClick {
  /** the address to go to */
  to: string;
  /** the selection that address gives */
  selected: LicenseType | undefined;
}

/**
 * Card selection toggles (spec, section 4): clicking the selected card deselects it and returns to
 * plain /licenses; clicking another card selects it and puts it in the hash. A `?type=` from the
 * incoming link is dropped so the hash is the one source of the selection; the pricing page's
 * quote parameters stay, so the enterprise prefill survives a detour through another card.
 */
export function cardClick(current: LicenseType | undefined, clicked: LicenseType, search: string): CardClick {
  if (current === clicked) return { to: linkTo('licenses'), selected: undefined };
  const query = Object.fromEntries(new URLSearchParams(search));
  delete query.type;
  delete query.checkout;
  return { to: linkTo('licenses', undefined, { query, hash: clicked }), selected: clicked };
}

/**
 * Whether the page must scroll to the selected card itself: the shell already scrolls to an
 * element named by the hash, but a `?type=` link (or /licenses/type/x) has no hash.
 */
export function needsOwnScroll(selected: LicenseType | undefined, hash: string): boolean {
  return selected !== undefined && hash !== selected;
}

/** The DOM id of a card: the hash value itself, so the shell's hash scrolling finds it. */
export function cardElementId(type: LicenseType): string {
  return type;
}
