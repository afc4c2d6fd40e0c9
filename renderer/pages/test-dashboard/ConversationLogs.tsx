import type { TestArtifact } from '../../../shared/api/test-runs';
import { conversationPreviewLines, logErrorText } from './format';
import { LogPreview } from './LogPreview';
import { useArtifactText } from '../../queries/test-runs';

function ConversationLog({ runId, artifact }: { runId: string; artifact: TestArtifact }) {
  const log = useArtifactText(runId, artifact);
  return (
    <article className="conversation-log" data-testid="conversation-log">
      <h3 className="log-name">{artifact.filename}</h3>
      {log.error ? (
        <p className="form-error" role="alert">
          {logErrorText(artifact.filename, log.error.message)}
        </p>
      ) : log.data === undefined ? (
        <p className="muted">Loading…</p>
      ) : (
        <LogPreview text={log.data} limit={conversationPreviewLines} label={artifact.filename} />
      )}
    </article>
  );
}

/** The LLM conversation logs of a run, each fetched on its own, 100 lines at first. */
export function ConversationLogs({ runId, artifacts }: { runId: string; artifacts: TestArtifact[] }) {
  if (artifacts.length === 0) return null;
  return (
    <section className="run-section" aria-labelledby="conversation-logs-title">
      <h2 className="section-title" id="conversation-logs-title">
        LLM Conversation Logs
      </h2>
      {artifacts.map((a) => (
        <ConversationLog key={a.id} runId={runId} artifact={a} />
      ))}
    </section>
  );
}
