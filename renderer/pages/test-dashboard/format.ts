import { oauthTypePrefix, testRunsPageSize, testTypeFilters } from '../../../shared/api/test-runs';

/** Preview lengths (public-site 9): the execution log shows 50 lines, conversation logs 100. */
export const executionLogPreviewLines = 50;
export const conversationPreviewLines = 100;
export const commitLength = 8;

export type StatusIconName = 'check' | 'cross' | 'cycle' | 'pause';

/** public-site 4: passed ✓, failed ✗, running ↻, anything else is pending-like ⏸. */
export function statusIcon(status: string): { icon: StatusIconName; tone: 'passed' | 'failed' | 'running' | 'pending' } {
  switch (status) {
    case 'passed':
      return { icon: 'check', tone: 'passed' };
    case 'failed':
      return { icon: 'cross', tone: 'failed' };
    case 'running':
      return { icon: 'cycle', tone: 'running' };
    default:
      return { icon: 'pause', tone: 'pending' };
  }
}

export function shortCommit(commit: string): string {
  return commit.slice(0, commitLength);
}

/** 5 → "5s", 95 → "1m 35s", 3725 → "1h 2m 5s"; unknown → "-". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '-';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h ${m}m ${rest}s`;
  if (m > 0) return `${m}m ${rest}s`;
  return `${rest}s`;
}

/** The run's title: the filter's label for known types; `oauth_github` → "OAuth Integration (github)". */
export function testTitle(testType: string): string {
  const known = testTypeFilters.find((f) => f.value !== '' && f.value === testType);
  if (known) return known.label;
  if (testType.startsWith(oauthTypePrefix)) return `OAuth Integration (${testType.slice(oauthTypePrefix.length)})`;
  return testType.replaceAll('_', ' ');
}

/** The first `limit` lines, and how many more there are. A trailing newline is not a line. */
export function previewLines(text: string, limit: number): { shown: string; hidden: number; total: number } {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  return { shown: lines.slice(0, limit).join('\n'), hidden: Math.max(0, lines.length - limit), total: lines.length };
}

export function showMoreLabel(hidden: number): string {
  return `Show More (${hidden} more line${hidden === 1 ? '' : 's'})`;
}

/** Pagination shows only when there is more than one page (public-site 5: total above 20). */
export function showPagination(total: number, pageSize = testRunsPageSize): boolean {
  return total > pageSize;
}

export function pageCount(total: number, pageSize = testRunsPageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface ListState {
  page: number;
  testType: string;
  /** the open run, from ?run= */
  run: string | undefined;
}

const filterValues = new Set<string>(testTypeFilters.map((f) => f.value));

/** The dashboard's state lives in the address (`?type=smoke&page=2&run=<id>`), so the back button and links keep it. */
export function listStateFromQuery(query: Record<string, string>, run: string | undefined): ListState {
  const page = Number(query.page);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    testType: filterValues.has(query.type ?? '') ? (query.type ?? '') : '',
    run,
  };
}

export function queryFromListState(s: ListState): Record<string, string> {
  const q: Record<string, string> = {};
  if (s.testType) q.type = s.testType;
  if (s.page > 1) q.page = String(s.page);
  if (s.run) q.run = s.run;
  return q;
}

/** "Error loading {filename}: {message}" (public-site 8). */
export function logErrorText(filename: string, message: string): string {
  return `Error loading ${filename}: ${message}`;
}
