import type { ReactNode } from 'react';

interface Props {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** the navigation's accessible name */
  label?: string;
  /** the test id of "Page n of m" */
  testId?: string;
  /** Next waits (e.g. while the page shown is a placeholder) */
  nextDisabled?: boolean;
  /** the buttons' words: Previous / Next, or Newer / Older for a mail list */
  words?: readonly [back: string, forward: string];
  className?: string;
  /** after Next, e.g. the total */
  children?: ReactNode;
}

/** Previous / Page n of m / Next. */
export function Pagination({ page, pages, onPage, label = 'Pages', testId, nextDisabled = false, words = ['Previous', 'Next'], className = 'pagination', children }: Props) {
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {words[0]}
      </button>
      <span data-testid={testId}>
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages || nextDisabled} onClick={() => onPage(page + 1)}>
        {words[1]}
      </button>
      {children}
    </nav>
  );
}
