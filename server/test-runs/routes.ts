import Router from '@koa/router';
import { artifactParams, ciTestResultFields, testRunIdParam, testRunsQuery } from '../../shared/api/test-runs';
import { requireUser } from '../auth/authenticate';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { baseName, downloadContentType } from './classify';
import { requireCiSecret } from './ci-secret';
import { readMultipart } from './multipart';
import { getTestRun, ingestTestResult, listTestRuns, openArtifact, type TestRunDeps } from './service';

/** The multipart field holding the zip (interop: `-F artifacts=@file.zip`). */
export const artifactsField = 'artifacts';

/** CI's upload (X-CI-Secret) and the Test Dashboard's reads (any signed-in user). */
export function testRunRoutes(deps: TestRunDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('ci.test-results', '/ci/test-results', requireCiSecret(() => deps.ciSecret), async (ctx) => {
    const upload = await readMultipart(ctx.req, artifactsField, { maxFileBytes: deps.limits.maxUploadBytes, maxFieldBytes: 16 * 1024, maxFields: 20 }).catch((err: unknown) => {
      // The rest of the body is not read: close the connection rather than reuse it.
      ctx.set('Connection', 'close');
      throw err;
    });
    const fields = parse(ciTestResultFields, upload.fields, 'test result');
    const data = upload.file && upload.file.data.length > 0 ? new Uint8Array(upload.file.data.buffer, upload.file.data.byteOffset, upload.file.data.length) : undefined;
    const { run, created } = await ingestTestResult(deps, fields, data);
    ctx.status = created ? 201 : 200;
    ctx.body = run;
  });

  router.get('test-runs.list', '/test-runs', requireUser, async (ctx) => {
    const query = parse(testRunsQuery, ctx.query, 'query');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listTestRuns(deps, query);
  });

  router.get('test-runs.get', '/test-runs/:id', requireUser, async (ctx) => {
    const { id } = parse(testRunIdParam, ctx.params, 'test run id');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getTestRun(deps, id);
  });

  router.get('test-runs.artifact', '/test-runs/:runId/artifacts/:artifactId', requireUser, async (ctx) => {
    const { runId, artifactId } = parse(artifactParams, ctx.params, 'artifact');
    const { artifact, blob } = await openArtifact(deps, runId, artifactId);
    const name = baseName(artifact.filename);
    // Logs as text and screenshots as images are shown in place; everything else is a download.
    // Nothing is served as HTML, and the sandbox keeps anything opened directly from running script.
    const inline = artifact.fileType === 'log' || artifact.fileType === 'screenshot';
    ctx.attachment(name, { type: inline ? 'inline' : 'attachment' });
    ctx.type = inline ? artifact.contentType : downloadContentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Cache-Control', 'private, max-age=300');
    if (blob.size !== undefined) ctx.length = blob.size;
    ctx.body = blob.body;
  });

  return router;
}
