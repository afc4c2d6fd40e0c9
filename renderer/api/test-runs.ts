import { testRunDetail, testRunsResponse, testRunsPageSize } from '../../shared/api/test-runs';
import { apiDownload, apiRequest } from './client';

const runPath = (id: string) => `/api/test-runs/${encodeURIComponent(id)}`;
const artifactPath = (runId: string, artifactId: string) => `${runPath(runId)}/artifacts/${encodeURIComponent(artifactId)}`;

/** The Test Dashboard's calls (public-site 7). */
export const testRunsApi = {
  list: (page: number, testType: string) => {
    const q = new URLSearchParams({ page: String(page), per_page: String(testRunsPageSize) });
    if (testType) q.set('test_type', testType);
    return apiRequest(`/api/test-runs?${q.toString()}`, { schema: testRunsResponse });
  },
  get: (id: string) => apiRequest(runPath(id), { schema: testRunDetail }),
  /** an artifact's bytes with its type, sent with the bearer token like every other call */
  artifact: (runId: string, artifactId: string) => apiDownload(artifactPath(runId, artifactId)),
};
