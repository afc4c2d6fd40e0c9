import { testRunsContract as c, testRunsPageSize } from '../../shared/api/test-runs';
import { call, download } from './call';

/** The Test Dashboard's calls (public-site 7). */
export const testRunsApi = {
  list: (page: number, testType: string) => call(c.list, { query: { page, per_page: testRunsPageSize, test_type: testType || undefined } }),
  get: (id: string) => call(c.get, { params: { id } }),
  /** an artifact's bytes with its type, sent with the bearer token like every other call */
  artifact: (runId: string, artifactId: string) => download(c.artifact, { params: { runId, artifactId } }),
};
