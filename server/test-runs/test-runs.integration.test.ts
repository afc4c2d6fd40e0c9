import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRunsContract as c } from '../../shared/api/test-runs';
import { testRuns } from '../db/schema';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';
import { makePng, sampleArtifactsZip } from '../../test/support/sample-artifacts';
import { deflated, rawZip, zerosEntry } from '../../test/support/zip-fixtures';

const secret = 'integration-ci-secret';

interface UploadOptions {
  secret?: string | null;
  zip?: Uint8Array;
}

const fields = (over: Record<string, string> = {}) => ({
  branch: 'main',
  commit: '0123456789abcdef0123456789abcdef01234567',
  build_number: '100',
  build_url: 'https://ci.example.test/helixml/helix/100',
  test_type: 'oauth_integration',
  status: 'passed',
  duration: '95',
  exit_code: '0',
  ...over,
});

describe('CI test results and the test-run API', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ CI_SECRET: secret });
    token = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
  });
  afterAll(async () => server?.cleanup());

  /** Posts multipart exactly as `curl -F` does. */
  async function upload(f: Record<string, string>, opts: UploadOptions = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(f)) form.set(k, v);
    if (opts.zip) form.set('artifacts', new Blob([new Uint8Array(opts.zip)], { type: 'application/zip' }), 'oauth-github-artifacts.zip');
    const headers: Record<string, string> = {};
    const s = opts.secret === undefined ? secret : opts.secret;
    if (s !== null) headers['X-CI-Secret'] = s;
    const res = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers, body: form });
    const text = await res.text();
    return { status: res.status, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as unknown };
  }

  const blobCount = () => {
    const dir = server.config.artifacts.store === 'folder' ? server.config.artifacts.dir : '';
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };
  const runsOnBranch = async (branch: string) => (await server.deps.db.select().from(testRuns).where(eq(testRuns.branch, branch))).length;
  const getRun = (id: string) => call(server, c.get, { params: { id } }, { token });
  /** an upload's answer read with the contract (201 a new run, 200 the same build again) */
  const runOf = (res: { body: unknown }) => c.ciUpload.responses[201].schema.parse(res.body);
  const listOf = (res: { body: unknown }) => c.list.responses[200].schema.parse(res.body);

  it('ingests a real zip: logs, PNG screenshots and conversation logs, classified', async () => {
    const res = await upload(fields({ branch: 'feature/ingest' }), { zip: sampleArtifactsZip({ screenshots: 3, logLines: 60, conversationLines: 130 }) });
    expect(res.status).toBe(201);
    const run = runOf(res);
    expect(run).toMatchObject({
      branch: 'feature/ingest',
      build_number: '100',
      test_type: 'oauth_integration',
      status: 'passed',
      duration_seconds: 95,
      exit_code: 0,
      screenshot_count: 3,
      error_message: null,
    });
    expect(run.completed_at).not.toBeNull();
    const byName = Object.fromEntries(run.artifacts.map((a) => [a.filename, a]));
    // The CI's results folder is stripped from the names.
    expect(Object.keys(byName).sort()).toEqual([
      'llm_conversation_agent.txt',
      'report.json',
      'screenshots/01_step.png',
      'screenshots/02_step.png',
      'screenshots/03_step.png',
      'test_output.log',
      'test_result.txt',
    ]);
    expect(byName['screenshots/01_step.png']).toMatchObject({ file_type: 'screenshot', conversation_log: false });
    expect(byName['llm_conversation_agent.txt']).toMatchObject({ file_type: 'log', conversation_log: true });
    expect(byName['test_output.log']).toMatchObject({ file_type: 'log', conversation_log: false });
    expect(byName['report.json']).toMatchObject({ file_type: 'other' });
    expect(run.log_content?.split('\n')).toHaveLength(60);
    expect(run.log_content?.startsWith('[0001] oauth_integration: step 1 ok')).toBe(true);
    expect(await getRun(run.id)).toEqual(run);
  });

  it('serves each artifact with a safe content type: text, image, or a download', async () => {
    const html = strToU8('<html><body><script>alert(document.cookie)</script></body></html>');
    const png = makePng(8, 8, [200, 10, 10]);
    const zip = zipSync({ 'out.log': strToU8('plain log\n'), 'shot.png': png, 'page.html': html, 'fake.png': html, 'evil.svg': html });
    const run = runOf(await upload(fields({ branch: 'feature/types' }), { zip }));
    const get = async (name: string) => {
      const a = run.artifacts.find((x) => x.filename === name);
      if (!a) throw new Error(`no artifact ${name}`);
      const res = await fetch(`${server.url}/api/test-runs/${run.id}/artifacts/${a.id}`, { headers: { authorization: `Bearer ${token}` } });
      return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const log = await get('out.log');
    expect(log.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(log.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(log.res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new TextDecoder().decode(log.bytes)).toBe('plain log\n');

    const shot = await get('shot.png');
    expect(shot.res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(shot.bytes).equals(Buffer.from(png))).toBe(true);

    for (const name of ['page.html', 'fake.png', 'evil.svg']) {
      const other = await get(name);
      expect(other.res.headers.get('content-type')).toBe('application/octet-stream');
      expect(other.res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(other.res.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  it('refuses a missing or wrong X-CI-Secret with 401, and says when uploads are not configured', async () => {
    for (const s of [null, 'wrong-secret-value', `${secret}x`, '']) {
      const res = await upload(fields({ branch: 'feature/secret' }), { secret: s, zip: sampleArtifactsZip() });
      expect(res.status).toBe(401);
      expect(res.body).toHaveProperty('error');
    }
    expect(await runsOnBranch('feature/secret')).toBe(0);

    server.services.testRuns.ciSecret = undefined;
    try {
      const res = await upload(fields({ branch: 'feature/secret' }));
      expect(res).toEqual({ status: 503, body: { error: 'CI uploads are not configured', details: null } });
    } finally {
      server.services.testRuns.ciSecret = secret;
    }
  });

  it.each([
    ['path traversal', () => rawZip([deflated('results/ok.log', strToU8('ok')), deflated('results/../../../etc/cron.d/evil', strToU8('* * * * * root sh'))])],
    ['an absolute path', () => rawZip([deflated('/tmp/evil.log', strToU8('x'))])],
    ['a symlink', () => zipSync({ 'ok.log': strToU8('ok'), 'link.log': [strToU8('/etc/shadow'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] })],
  ])('refuses %s with 400 and stores nothing', async (what, makeZip) => {
    const branch = `feature/unsafe-${what.replace(/\W+/g, '-')}`;
    const blobs = blobCount();
    const res = await upload(fields({ branch }), { zip: makeZip() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), details: { entry: expect.any(String) } });
    expect(await runsOnBranch(branch)).toBe(0);
    expect(blobCount()).toBe(blobs);
  });

  it('answers a zip bomb with 413 and stores nothing, whether it declares its size or lies', async () => {
    const bomb = await zerosEntry('results/bomb.log', 210);
    expect(bomb.stored.length).toBeLessThan(1024 * 1024);
    const blobs = blobCount();
    const honest = await upload(fields({ branch: 'feature/bomb' }), { zip: rawZip([deflated('results/first.log', strToU8('before the bomb')), bomb]) });
    expect(honest.status).toBe(413);
    const liar = await upload(fields({ branch: 'feature/bomb' }), { zip: rawZip([deflated('results/first.log', strToU8('before the bomb')), { ...bomb, size: 4096 }]) });
    expect(liar.status).toBe(413);
    expect(liar.body).toMatchObject({ error: expect.stringContaining('larger than its declared size') });
    expect(await runsOnBranch('feature/bomb')).toBe(0);
    expect(blobCount()).toBe(blobs);
  });

  it('answers 413 for an upload over the size limit and for too many files', async () => {
    const limits = server.services.testRuns.limits;
    server.services.testRuns.limits = { ...limits, maxUploadBytes: 64 * 1024, maxFiles: 5 };
    try {
      const big = zipSync({ 'noise.bin': [crypto.getRandomValues(new Uint8Array(60_000)), { level: 0 }], 'more.bin': [crypto.getRandomValues(new Uint8Array(60_000)), { level: 0 }] });
      expect(await upload(fields({ branch: 'feature/limits' }), { zip: big })).toMatchObject({ status: 413, body: { error: 'The artifacts file is larger than 65536 bytes' } });
      const many = zipSync(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.log`, strToU8('x')])));
      expect(await upload(fields({ branch: 'feature/limits' }), { zip: many })).toMatchObject({ status: 413, body: { error: expect.stringContaining('at most 5') } });
    } finally {
      server.services.testRuns.limits = limits;
    }
    expect(await runsOnBranch('feature/limits')).toBe(0);
  });

  it('creates a run as running and completes it with a second upload for the same build', async () => {
    const build = { branch: 'feature/upsert', build_number: '4711', test_type: 'oauth_github' };
    const first = await upload(fields({ ...build, status: 'running', duration: 'unknown', exit_code: 'unknown' }));
    expect(first.status).toBe(201);
    const running = runOf(first);
    expect(running).toMatchObject({ status: 'running', completed_at: null, duration_seconds: null, exit_code: null, artifacts: [] });

    const second = await upload(fields({ ...build, status: 'failed', duration: '42.4', exit_code: '3' }), { zip: sampleArtifactsZip({ status: 'failed', screenshots: 2 }) });
    expect(second.status).toBe(200);
    const done = runOf(second);
    expect(done).toMatchObject({ id: running.id, status: 'failed', duration_seconds: 42, exit_code: 3, screenshot_count: 2, error_message: 'Exited with code 3' });
    expect(done.completed_at).not.toBeNull();
    expect(done.created_at).toBe(running.created_at);

    // A re-upload replaces the artifacts (and their blobs); a late "running" does not reopen the run.
    const blobs = blobCount();
    const third = runOf(await upload(fields({ ...build, status: 'running' }), { zip: sampleArtifactsZip({ screenshots: 1 }) }));
    expect(third).toMatchObject({ id: running.id, status: 'failed', completed_at: done.completed_at, screenshot_count: 1 });
    expect(blobCount()).toBe(blobs - done.artifacts.length + third.artifacts.length);
    expect(await runsOnBranch('feature/upsert')).toBe(1);
  });

  it('never merges runs whose build number is unknown', async () => {
    const f = fields({ branch: 'unknown', build_number: 'unknown', commit: 'unknown', build_url: '', duration: 'unknown', exit_code: 'unknown', test_type: 'oauth_gmail' });
    expect((await upload(f)).status).toBe(201);
    expect((await upload(f)).status).toBe(201);
    expect(await runsOnBranch('unknown')).toBe(2);
  });

  it('pages by 20 and filters by test type; OAuth Integration covers the CI oauth_<provider> types', async () => {
    for (let i = 0; i < 25; i++) expect((await upload(fields({ branch: 'feature/paging', build_number: String(i), test_type: 'smoke', duration: String(i) }))).status).toBe(201);
    const list = async (query: string) => {
      const res = await api(server, `/api/test-runs?${query}`, { token });
      expect(res.status).toBe(200);
      return listOf(res);
    };
    const page1 = await list('page=1&per_page=20&test_type=smoke');
    expect(page1.total_count).toBe(25);
    expect(page1.test_runs).toHaveLength(20);
    // Newest first.
    expect(page1.test_runs[0]?.build_number).toBe('24');
    const page2 = await list('page=2&per_page=20&test_type=smoke');
    expect(page2.test_runs.map((r) => r.build_number)).toEqual(['4', '3', '2', '1', '0']);

    const all = await list('page=1&per_page=20');
    expect(all.test_runs).toHaveLength(20);
    expect(all.total_count).toBeGreaterThan(25);
    const oauth = await list('page=1&per_page=100&test_type=oauth_integration');
    expect(new Set(oauth.test_runs.map((r) => r.test_type))).toEqual(new Set(['oauth_integration', 'oauth_github', 'oauth_gmail']));
    expect(oauth.total_count).toBe(all.total_count - 25);
    expect((await list('test_type=nightly')).total_count).toBe(0);
  });

  it.each([
    [{ branch: '' }, 'branch'],
    [{ test_type: 'Smoke Tests' }, 'test_type'],
    [{ build_url: 'javascript:alert(1)' }, 'build_url'],
    [{ duration: 'soon' }, 'duration'],
    [{ exit_code: '1.5' }, 'exit_code'],
    [{ build_number: '12 34' }, 'build_number'],
    [{ status: 'passed!' }, 'status'],
  ])('refuses bad fields %j with 400 naming the field', async (over, field) => {
    const res = await upload(fields(over));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid test result', details: [expect.objectContaining({ path: field })] });
  });

  it('refuses a body that is not multipart, a stray file field and a zip that is not a zip', async () => {
    const json = await api(server, '/api/ci/test-results', { body: fields(), headers: { 'X-CI-Secret': secret } });
    expect(json.status).toBe(415);
    const form = new FormData();
    for (const [k, v] of Object.entries(fields())) form.set(k, v);
    form.set('logs', new Blob(['x']), 'x.zip');
    const stray = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'X-CI-Secret': secret }, body: form });
    expect(stray.status).toBe(400);
    const twice = new FormData();
    for (const [k, v] of Object.entries(fields())) twice.append(k, v);
    twice.append('status', 'failed');
    const duplicate = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'X-CI-Secret': secret }, body: twice });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({ error: 'Field status was sent more than once', details: null });
    const notZip = await upload(fields({ branch: 'feature/not-zip' }), { zip: strToU8('definitely not a zip archive, just text') });
    expect(notZip.status).toBe(400);
  });

  it('validates list queries and ids', async () => {
    for (const q of ['page=0', 'per_page=1000', 'page=abc', 'test_type=%3Cscript%3E']) {
      const res = await api(server, `/api/test-runs?${q}`, { token });
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty('details');
    }
    expect((await api(server, '/api/test-runs/not-a-uuid', { token })).status).toBe(400);
    expect((await api(server, '/api/test-runs/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    const run = await call(server, c.list, { query: { per_page: 1 } }, { token });
    const id = run.test_runs[0]!.id;
    expect((await api(server, `/api/test-runs/${id}/artifacts/00000000-0000-4000-8000-000000000000`, { token })).status).toBe(404);
  });

  it('answers 401 to signed-out callers of the list, a run and an artifact', async () => {
    const run = runOf(await upload(fields({ branch: 'feature/signed-out' }), { zip: sampleArtifactsZip({ screenshots: 1 }) }));
    for (const url of ['/api/test-runs?page=1&per_page=20', `/api/test-runs/${run.id}`, `/api/test-runs/${run.id}/artifacts/${run.artifacts[0]!.id}`]) {
      expect((await api(server, url)).status).toBe(401);
    }
  });

  it('keeps artifacts in a folder under the data folder by default', () => {
    expect(server.config.artifacts).toEqual({ store: 'folder', dir: path.join(server.config.dataDir, 'artifacts') });
    expect(blobCount()).toBeGreaterThan(0);
  });
});
