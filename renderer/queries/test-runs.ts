import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type TestArtifact, testRunsContract as c, testRunsPageSize } from '../../shared/api/test-runs';
import { call, download } from '../api/call';
import { ApiError } from '../api/client';

/** The Test Dashboard's calls (public-site 7). */
export const testRunsApi = {
  list: (page: number, testType: string) => call(c.list, { query: { page, per_page: testRunsPageSize, test_type: testType || undefined } }),
  get: (id: string) => call(c.get, { params: { id } }),
  /** an artifact's bytes with its type, sent with the bearer token like every other call */
  artifact: (runId: string, artifactId: string) => download(c.artifact, { params: { runId, artifactId } }),
};

/** Not in the spec: the list refreshes every 30 s, and an open run every 10 s while it is still running. */
export const testRunsRefreshMs = 30_000;
export const runningRefreshMs = 10_000;

export const testRunKeys = {
  all: ['test-runs'] as const,
  list: (page: number, testType: string) => ['test-runs', 'list', page, testType] as const,
  one: (id: string) => ['test-runs', 'one', id] as const,
  artifact: (runId: string, artifactId: string, as: 'text' | 'image') => ['test-runs', 'artifact', runId, artifactId, as] as const,
};

/** Only fetched when signed in (public-site 5). */
export function useTestRuns(page: number, testType: string, enabled: boolean) {
  return useQuery({
    queryKey: testRunKeys.list(page, testType),
    queryFn: () => testRunsApi.list(page, testType),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: testRunsRefreshMs,
  });
}

export function useTestRun(id: string) {
  return useQuery({
    queryKey: testRunKeys.one(id),
    queryFn: () => testRunsApi.get(id),
    refetchInterval: (q) => (q.state.data && q.state.data.completed_at === null ? runningRefreshMs : false),
  });
}

/** public-site 8: the server refused → "Failed to fetch log content"; anything else → "Failed to load log content". */
function logFailure(err: unknown): Error {
  return new Error(err instanceof ApiError ? 'Failed to fetch log content' : 'Failed to load log content');
}

export function useArtifactText(runId: string, artifact: TestArtifact) {
  return useQuery({
    queryKey: testRunKeys.artifact(runId, artifact.id, 'text'),
    queryFn: async () => {
      try {
        const { blob } = await testRunsApi.artifact(runId, artifact.id);
        return await blob.text();
      } catch (err) {
        console.warn(`Loading ${artifact.filename} failed`, err);
        throw logFailure(err);
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Failed to read the image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A screenshot as a data: URL. An <img src> to the API would carry no bearer token, and the
 * content security policy allows images from this origin and data: only.
 */
export function useScreenshot(runId: string, artifact: TestArtifact) {
  return useQuery({
    queryKey: testRunKeys.artifact(runId, artifact.id, 'image'),
    queryFn: async () => {
      const { blob } = await testRunsApi.artifact(runId, artifact.id);
      if (!blob.type.startsWith('image/')) throw new Error(`${artifact.filename} is not an image`);
      return dataUrl(blob);
    },
    staleTime: Infinity,
    retry: 1,
  });
}
