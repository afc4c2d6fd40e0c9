import type { ReactNode } from 'react';
import type { TestRunDetail as Run } from '../../../shared/api/test-runs';
import { Icon } from '../../shell/icons';
import { ArtifactLinks } from './ArtifactLinks';
import { ConversationLogs } from './ConversationLogs';
import { formatDateTime } from '../../../shared/format/dates';
import { executionLogPreviewLines, formatDuration, testTitle } from './format';
import { LogPreview } from './LogPreview';
import { useTestRun } from '../../queries/test-runs';
import { ScreenshotGrid } from './ScreenshotGrid';
import { StatusIcon } from './StatusIcon';

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="btn btn-small back-link" onClick={onBack} data-testid="back-to-runs">
      <Icon name="back" size={16} /> Back to test runs
    </button>
  );
}

function RunFacts({ run }: { run: Run }) {
  const facts: [string, ReactNode][] = [
    ['Status', run.status],
    ['Branch', run.branch],
    ['Commit', <code key="c">{run.commit}</code>],
    [
      'Build',
      run.build_url ? (
        <a key="b" href={run.build_url} target="_blank" rel="noopener noreferrer">
          #{run.build_number}
        </a>
      ) : (
        `#${run.build_number}`
      ),
    ],
    ['Duration', formatDuration(run.duration_seconds)],
    ['Created', formatDateTime(run.created_at)],
    ['Completed', run.completed_at ? formatDateTime(run.completed_at) : 'Running...'],
    ['Exit Code', run.exit_code === null ? '-' : String(run.exit_code)],
  ];
  return (
    <dl className="run-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={`run-${label.toLowerCase().replace(' ', '-')}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One run (?run=<id>): facts, error, conversation logs, screenshots, execution log and other files. */
export function TestRunDetail({ runId, onBack }: { runId: string; onBack: () => void }) {
  const query = useTestRun(runId);
  if (query.error) {
    return (
      <div className="test-run-detail" data-testid="test-run-detail">
        <BackButton onBack={onBack} />
        <p className="form-error" role="alert">
          Failed to fetch test run details
        </p>
      </div>
    );
  }
  const run = query.data;
  if (!run) return <p className="muted">Loading…</p>;

  const conversations = run.artifacts.filter((a) => a.conversation_log);
  const screenshots = run.artifacts.filter((a) => a.file_type === 'screenshot');
  const logs = run.artifacts.filter((a) => a.file_type === 'log' && !a.conversation_log);
  const others = run.artifacts.filter((a) => a.file_type === 'other');

  return (
    <div className="test-run-detail" data-testid="test-run-detail" data-run-id={run.id}>
      <BackButton onBack={onBack} />
      <div className="run-head">
        <StatusIcon status={run.status} size={26} />
        <h2 className="run-title">{testTitle(run.test_type)}</h2>
      </div>
      <RunFacts run={run} />
      {run.error_message && (
        <div className="notice notice-warning run-error" role="alert" data-testid="run-error">
          <strong>Error</strong>
          <pre>{run.error_message}</pre>
        </div>
      )}
      <ConversationLogs runId={run.id} artifacts={conversations} />
      <ScreenshotGrid runId={run.id} shots={screenshots} />
      <section className="run-section" aria-labelledby="execution-log-title">
        <h2 className="section-title" id="execution-log-title">
          Execution Log
        </h2>
        {run.log_content ? <LogPreview text={run.log_content} limit={executionLogPreviewLines} label="Execution log" /> : <p className="muted">No execution log was uploaded.</p>}
        {logs.length > 0 && <ArtifactLinks runId={run.id} artifacts={logs} testId="log-files" />}
      </section>
      {others.length > 0 && (
        <section className="run-section" aria-labelledby="other-files-title">
          <h2 className="section-title" id="other-files-title">
            Other Files
          </h2>
          <ArtifactLinks runId={run.id} artifacts={others} testId="other-files" />
        </section>
      )}
    </div>
  );
}
