import { Pagination } from './Pagination';
import { type ListState } from './format';
import { useTestRuns } from '../../queries/test-runs';
import { TestRunRow } from './TestRunRow';
import { TestTypeFilter } from './TestTypeFilter';
import { DataTable, MessageRow } from '../../shell/DataTable';

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
      <DataTable
        label="Test runs"
        testId="test-runs-table"
        wrapClassName="table-wrap card table-card"
        className="table test-runs-table"
        busy={list.isFetching}
        keyColumns={['Status', 'Test']}
        columns={['Status', 'Test', 'Branch', 'Commit', 'Duration', 'Screenshots', 'Created']}
      >
        {runs.map((run) => (
          <TestRunRow key={run.id} run={run} onOpen={(id) => onChange({ ...state, run: id })} />
        ))}
        {(list.data || list.error) && runs.length === 0 && (
          <MessageRow colSpan={7} className="muted table-empty" testId="test-runs-empty">
            No test runs found
          </MessageRow>
        )}
        {list.isPending && !list.error && <MessageRow colSpan={7}>Loading…</MessageRow>}
      </DataTable>
      <Pagination page={state.page} total={total} onPage={(page) => onChange({ ...state, page })} />
    </>
  );
}
