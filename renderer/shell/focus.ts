/**
 * Moving focus somewhere meaningful when the focused control goes away (a closed panel, a deleted
 * row, a created item), so keyboard and screen-reader users are never dropped on <body>.
 */

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls inside `root` that Tab would visit, in document order. */
export function tabbablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter((el) => !el.closest('[inert]') && el.getClientRects().length > 0);
}

/**
 * The control Tab reaches after everything inside `from`: the next one in the page, or (past the
 * last) the page's first, as the browser wraps round, rather than <body>.
 */
export function nextTabbableAfter(from: Element): HTMLElement | undefined {
  const all = tabbablesIn(document);
  return all.find((el) => !from.contains(el) && (from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) ?? all.find((el) => !from.contains(el));
}

/** Focuses `el`, making a heading or row focusable by script (not by Tab) first when it is not a control. */
export function focusElement(el: Element | null | undefined, options?: FocusOptions): boolean {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if (!el.matches(focusableSelector) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus(options);
  return document.activeElement === el;
}

interface WhenShown extends FocusOptions {
  /** focus may still be in here (the control that started it all); anywhere else means the user went on */
  from?: Element | null;
  timeoutMs?: number;
}

/**
 * Focuses the element `find` answers as soon as it is rendered (the row of a new item arrives with
 * the next list refresh), unless the user has meanwhile put focus somewhere other than `from`.
 */
export function focusWhenShown(find: () => Element | null | undefined, { from, timeoutMs = 5000, ...options }: WhenShown = {}): void {
  const start = performance.now();
  const tryNow = () => {
    const active = document.activeElement;
    if (active && active !== document.body && !from?.contains(active)) return; // the user went on
    if (focusElement(find(), options)) return;
    if (performance.now() - start < timeoutMs) requestAnimationFrame(tryNow);
  };
  requestAnimationFrame(tryNow);
}

/** True when focus is inside `root` or has just been lost from it (on <body>). */
export function focusIsWithin(root: Element | null | undefined): boolean {
  const active = document.activeElement;
  return !!root && (!active || active === document.body || root.contains(active));
}

/**
 * For a row's control that is about to go (a revoked key's row leaves its table, a revoked
 * invitation loses its Revoke): finds, once it has gone, the same kind of control (`selector`) in
 * the nearest row after it that has one, else in the nearest before it, else `fallback()` (the
 * table's heading, the create button). The rows are read now, while the row is still in the page.
 */
export function rowSuccessor(control: Element, selector: string, fallback: () => Element | null | undefined): () => Element | null | undefined {
  const row = control.closest('tr');
  const rows = row?.parentElement ? [...row.parentElement.children] : [];
  const at = row ? rows.indexOf(row) : -1;
  const order = [...rows.slice(at + 1), ...rows.slice(0, Math.max(at, 0)).reverse()];
  return () => {
    for (const r of order) {
      const found = r.isConnected ? r.querySelector(`${selector}:not([disabled])`) : null;
      if (found) return found;
    }
    return fallback();
  };
}

/**
 * Call before a row's control does its work (a revoke): the returned function, called once it has
 * gone, puts the focus on its successor (see rowSuccessor) as soon as the page shows it, unless the
 * user has meanwhile moved on.
 */
export function focusSuccessorLater(control: Element, selector: string, fallback: () => Element | null | undefined): () => void {
  const successor = rowSuccessor(control, selector, fallback);
  const row = control.closest('tr') ?? control;
  return () => focusWhenShown(successor, { from: row });
}
