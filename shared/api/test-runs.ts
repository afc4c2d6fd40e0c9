import { z } from 'zod';
import { file, json, routesOf } from './route';
import { safeText } from './text';

/** Test runs page size (public-site 9). */
export const testRunsPageSize = 20;

/** The Test Type filter of the dashboard; '' is All Tests. */
export const testTypeFilters = [
  { value: '', label: 'All Tests' },
  { value: 'oauth_integration', label: 'OAuth Integration' },
  { value: 'smoke', label: 'Smoke Tests' },
] as const;

/**
 * The platform's CI sends `oauth_<provider>` (oauth_github, oauth_gmail) for its OAuth integration
 * tests, so the OAuth Integration filter also covers that prefix.
 */
export const oauthTypePrefix = 'oauth_';

export const artifactFileTypes = ['log', 'screenshot', 'other'] as const;
export type ArtifactFileType = (typeof artifactFileTypes)[number];

/** What the CI scripts send when a value is missing (`${DRONE_BRANCH:-unknown}`). */
export const unknownValue = 'unknown';

const slug = /^[a-z0-9][a-z0-9_-]*$/;

/** "", "unknown" or absent → null; otherwise a number within bounds. */
const unknownOr = (schema: z.ZodNumber) =>
  z
    .string()
    .trim()
    .max(32)
    .optional()
    .transform((s) => (s === undefined || s === '' || s.toLowerCase() === unknownValue ? null : Number(s)))
    .pipe(schema.nullable());

/**
 * The multipart text fields of `POST /api/ci/test-results`, as the platform's CI scripts send them
 * with `curl -F` (interop). Everything arrives as a string; missing values arrive as "unknown".
 */
export const ciTestResultFields = z.object({
  branch: safeText({ required: 'branch is required', max: 255, label: 'branch' }),
  commit: z
    .string()
    .trim()
    .min(1, 'commit is required')
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'commit must be printable ASCII without spaces'),
  build_number: z
    .string()
    .trim()
    .min(1, 'build_number is required')
    .max(64)
    .regex(/^[\w.-]+$/, 'build_number must be letters, digits, dots, dashes or underscores'),
  build_url: safeText({ max: 2000, label: 'build_url' })
    .optional()
    .transform((s) => (s ? s : null))
    // Rendered as a link: only web addresses, never javascript: or data: URLs.
    .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: 'build_url must be an http(s) URL' })])),
  test_type: z.string().trim().toLowerCase().min(1, 'test_type is required').max(64).regex(slug, 'test_type must be lower-case letters, digits, dashes or underscores'),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'status is required')
    .max(32)
    .regex(/^[a-z_]+$/, 'status must be a word such as passed, failed or running'),
  duration: unknownOr(z.number().min(0, 'duration must not be negative').max(10_000_000)),
  exit_code: unknownOr(z.number().int('exit_code must be an integer').min(-2_147_483_648).max(2_147_483_647)),
  /** not sent by the platform's scripts; lets other CI jobs say why a run failed */
  error_message: safeText({ max: 10_000, multiline: true, label: 'error_message' })
    .optional()
    .transform((s) => (s ? s : null)),
});
export type CiTestResultFields = z.infer<typeof ciTestResultFields>;

export const testRunsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(testRunsPageSize),
  test_type: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(z.string().regex(slug, 'test_type must be lower-case letters, digits, dashes or underscores').optional()),
});
export type TestRunsQuery = z.infer<typeof testRunsQuery>;

export const testRunIdParam = z.object({ id: z.uuid('test run id must be a UUID') }).describe('test run id');
export const artifactParams = z.object({ runId: z.uuid('test run id must be a UUID'), artifactId: z.uuid('artifact id must be a UUID') }).describe('artifact');

export const testArtifact = z.object({
  id: z.string(),
  filename: z.string(),
  file_type: z.enum(artifactFileTypes),
  /** a log holding an LLM conversation (`*conversation*` files) */
  conversation_log: z.boolean(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type TestArtifact = z.infer<typeof testArtifact>;

export const testRunSummary = z.object({
  id: z.string(),
  test_type: z.string(),
  status: z.string(),
  build_number: z.string(),
  build_url: z.string().nullable(),
  branch: z.string(),
  commit: z.string(),
  duration_seconds: z.number().nullable(),
  exit_code: z.number().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  screenshot_count: z.number(),
  error_message: z.string().nullable(),
});
export type TestRunSummary = z.infer<typeof testRunSummary>;

export const testRunDetail = testRunSummary.extend({
  log_content: z.string().nullable(),
  artifacts: z.array(testArtifact),
});
export type TestRunDetail = z.infer<typeof testRunDetail>;

export const testRunsResponse = z.object({ test_runs: z.array(testRunSummary), total_count: z.number() });
export type TestRunsResponse = z.infer<typeof testRunsResponse>;

const route = routesOf('test-runs');

/** CI's upload and the Test Dashboard's reads. */
export const testRunsContract = {
  ciUpload: route('ci-secret', 'ci.test-results', 'POST /api/ci/test-results', {
    summary: 'CI uploads a test result with an optional zip of artifacts',
    body: { type: 'multipart/form-data', schema: ciTestResultFields, files: { artifacts: 'application/zip' }, what: 'test result' },
    responses: { 201: json('The stored run (200 when the same build was already stored)', testRunDetail) },
    rateLimited: true,
  }),
  list: route('user', 'test-runs.list', 'GET /api/test-runs', { summary: 'Test runs, newest first', query: testRunsQuery, responses: { 200: json('A page of runs', testRunsResponse) } }),
  get: route('user', 'test-runs.get', 'GET /api/test-runs/{id}', { summary: 'One test run with its artifacts', params: testRunIdParam, responses: { 200: json('The run', testRunDetail) } }),
  artifact: route('user', 'test-runs.artifact', 'GET /api/test-runs/{runId}/artifacts/{artifactId}', {
    summary: 'Download or show an artifact',
    params: artifactParams,
    responses: { 200: file('The file (logs and screenshots inline)', 'application/octet-stream') },
  }),
};
