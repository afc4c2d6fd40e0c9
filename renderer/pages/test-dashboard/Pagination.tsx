import { pageCount, showPagination } from './format';

/** Previous / Page n of m / Next, only when there is more than one page. */
export function Pagination({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  if (!showPagination(total)) return null;
  const pages = pageCount(total);
  return (
    <nav className="pagination" aria-label="Test run pages">
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span data-testid="test-runs-page">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
