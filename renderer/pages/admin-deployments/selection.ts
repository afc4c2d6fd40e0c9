/** Multi-select of the Deployment Dashboard: a click toggles one row, a shift-click sets the whole range. */
export interface Selection {
  selected: ReadonlySet<string>;
  /** the row last clicked without losing the range start */
  anchor: string | undefined;
}

export const emptySelection: Selection = { selected: new Set(), anchor: undefined };

/**
 * A click on row `id`'s checkbox. The row takes the opposite of its state; with shift and a known
 * anchor every row between the anchor and `id` (both included, in table order) takes that state too.
 */
export function clickRow(sel: Selection, order: readonly string[], id: string, shift: boolean): Selection {
  const checked = !sel.selected.has(id);
  const next = new Set(sel.selected);
  const from = sel.anchor === undefined ? -1 : order.indexOf(sel.anchor);
  const to = order.indexOf(id);
  if (shift && from !== -1 && to !== -1) {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (const rowId of order.slice(lo, hi + 1)) {
      if (checked) next.add(rowId);
      else next.delete(rowId);
    }
  } else if (checked) next.add(id);
  else next.delete(id);
  return { selected: next, anchor: id };
}

/** The header checkbox: select every row, or none when all are selected. */
export function toggleAll(sel: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((id) => sel.selected.has(id));
  return { selected: all ? new Set() : new Set(order), anchor: undefined };
}

/** Only rows still in the table count: deleted deployments leave the selection. */
export function visibleSelection(sel: Selection, order: readonly string[]): string[] {
  return order.filter((id) => sel.selected.has(id));
}

export function bulkDeleteConfirmText(n: number): string {
  return `Are you sure you want to delete ${n} deployment(s)?`;
}
