/** Cursor paging with Previous: the cursors of the pages before this one, and this page's. */
export interface Paging {
  previous: (string | undefined)[];
  cursor: string | undefined;
}

export const firstPage: Paging = { previous: [], cursor: undefined };

export const nextPage = (p: Paging, next: string): Paging => ({ previous: [...p.previous, p.cursor], cursor: next });

export const previousPage = (p: Paging): Paging => (p.previous.length === 0 ? p : { previous: p.previous.slice(0, -1), cursor: p.previous[p.previous.length - 1] });
