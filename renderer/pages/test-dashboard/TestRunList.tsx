import { Pagination } from './Pagination';
import { type ListState } from './format';
import { useTestRuns } from '../../queries/test-runs';
import { TestRunRow } from './TestRunRow';
import { TestTypeFilter } from './TestTypeFilter';

/** Filter, table and pages of runs. A failed fetch shows the spec's message over an empty list. */
export function TestRunList({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const list = useTestRuns(state.page, state.testType, true);
  const runs = list.error ? [] : (list.data?.test_runs ?? []);
  const total = list.error ? 0 : (list.data?.total_count ?? 0);

  return (
    <>
      <div className="table-toolbar">
        <TestTypeFilter value={state.testType} onChange={(testType) => onChange({ ...state, testType, page: 1 })} />
        {list.data && !list.error && <span className="muted">{total === 1 ? '1 test run' : `${total} test runs`}</span>}
      </div>
      {list.error && (
        <p className="form-error" role="alert">
          Failed to fetch test runs
        </p>
      )}
      <div className="table-wrap card table-card" role="region" aria-label="Test runs" tabIndex={0}>
        <table className="table test-runs-table" data-testid="test-runs-table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th>Status</th>
              <th>Test</th>
              <th>Branch</th>
              <th>Commit</th>
              <th>Duration</th>
              <th>Screenshots</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <TestRunRow key={run.id} run={run} onOpen={(id) => onChange({ ...state, run: id })} />
            ))}
            {(list.data || list.error) && runs.length === 0 && (
              <tr>
                <td colSpan={7} className="muted table-empty" data-testid="test-runs-empty">
                  No test runs found
                </td>
              </tr>
            )}
            {list.isPending && !list.error && (
              <tr>
                <td colSpan={7} className="muted">
                  Loading…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={state.page} total={total} onPage={(page) => onChange({ ...state, page })} />
    </>
  );
}
