import type { TestArtifact, TestRunDetail, TestRunSummary } from '../../shared/api/test-runs';
import type { ArtifactFileType } from '../../shared/api/test-runs';
import type { ArtifactRow, TestRunRow } from './queries';

export function runToWire(r: TestRunRow): TestRunSummary {
  return {
    id: r.id,
    test_type: r.testType,
    status: r.status,
    build_number: r.buildNumber,
    build_url: r.buildUrl,
    branch: r.branch,
    commit: r.commit,
    duration_seconds: r.durationSeconds,
    exit_code: r.exitCode,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    screenshot_count: r.screenshotCount,
    error_message: r.errorMessage,
  };
}

export function artifactToWire(a: ArtifactRow): TestArtifact {
  return {
    id: a.id,
    filename: a.filename,
    file_type: a.fileType as ArtifactFileType,
    conversation_log: a.conversationLog,
    size_bytes: a.sizeBytes,
    created_at: a.createdAt.toISOString(),
  };
}

export function runDetailToWire(r: TestRunRow, artifacts: ArtifactRow[]): TestRunDetail {
  return { ...runToWire(r), log_content: r.logContent, artifacts: artifacts.map(artifactToWire) };
}
