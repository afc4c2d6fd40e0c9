import type { TestArtifact } from '../../../shared/api/test-runs';
import { testRunsApi } from '../../queries/test-runs';
import { platform } from '../../platform/index';
import { toast } from '../../shell/toast-store';

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Files offered as downloads (fetched with the bearer token, saved through the platform). */
export function ArtifactLinks({ runId, artifacts, testId }: { runId: string; artifacts: TestArtifact[]; testId: string }) {
  const download = async (a: TestArtifact) => {
    try {
      const { blob } = await testRunsApi.artifact(runId, a.id);
      await platform.saveFile(a.filename.slice(a.filename.lastIndexOf('/') + 1), blob);
    } catch (err) {
      console.error(`Downloading ${a.filename} failed`, err);
      toast({ kind: 'error', title: 'Download Failed', message: `Failed to download ${a.filename}` });
    }
  };
  return (
    <ul className="artifact-links" data-testid={testId}>
      {artifacts.map((a) => (
        <li key={a.id}>
          <button type="button" className="link-button" onClick={() => void download(a)}>
            {a.filename}
          </button>
          <span className="muted"> {formatBytes(a.size_bytes)}</span>
        </li>
      ))}
    </ul>
  );
}
