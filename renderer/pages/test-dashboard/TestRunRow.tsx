import type { TestRunSummary } from '../../../shared/api/test-runs';
import { formatDateTime } from '../../../shared/format/dates';
import { formatDuration, shortCommit, testTitle } from './format';
import { StatusIcon } from './StatusIcon';

/** One run in the table; the whole row opens its detail. */
export function TestRunRow({ run, onOpen }: { run: TestRunSummary; onOpen: (id: string) => void }) {
  return (
    <tr
      className="test-run-row"
      data-testid="test-run-row"
      data-run-id={run.id}
      tabIndex={0}
      onClick={() => onOpen(run.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(run.id);
        }
      }}
    >
      <td>
        <StatusIcon status={run.status} />
      </td>
      <td className="run-test">
        {testTitle(run.test_type)}
        <span className="muted run-build"> #{run.build_number}</span>
      </td>
      <td className="run-branch" title={run.branch}>
        {run.branch}
      </td>
      <td>
        <code title={run.commit}>{shortCommit(run.commit)}</code>
      </td>
      <td>{run.completed_at === null ? <span className="muted">Running...</span> : formatDuration(run.duration_seconds)}</td>
      <td>{run.screenshot_count}</td>
      <td>{formatDateTime(run.created_at)}</td>
    </tr>
  );
}
