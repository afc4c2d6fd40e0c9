import { Pagination as SharedPagination } from '../../shell/Pagination';
import { pageCount, showPagination } from './format';

/** Previous / Page n of m / Next, only when there is more than one page. */
export function Pagination({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  if (!showPagination(total)) return null;
  const pages = pageCount(total);
  return <SharedPagination page={page} pages={pages} onPage={onPage} label="Test run pages" testId="test-runs-page" />;
}
