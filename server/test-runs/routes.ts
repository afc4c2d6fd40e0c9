import Router from '@koa/router';
import { ciTestResultFields, testRunsContract as c } from '../../shared/api/test-runs';
import { registrar, type RouteContext } from '../http/register';
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
  const register = registrar(router);

  register(
    c.ciUpload,
    async ({ body: { fields, file } }, ctx) => {
      const data = file && file.data.length > 0 ? new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.length) : undefined;
      const { run, created } = await ingestTestResult(deps, fields, data);
      // The same build again is answered with the run already stored.
      if (!created) ctx.status = 200;
      return run;
    },
    {
      before: [requireCiSecret(() => deps.ciSecret)],
      read: {
        // multipart: the fields are held to the entry's schema once the upload is read
        body: async (ctx: RouteContext) => {
          const upload = await readMultipart(ctx.req, artifactsField, { maxFileBytes: deps.limits.maxUploadBytes, maxFieldBytes: 16 * 1024, maxFields: 20 }).catch((err: unknown) => {
            // The rest of the body is not read: close the connection rather than reuse it.
            ctx.set('Connection', 'close');
            throw err;
          });
          return { fields: parse(ciTestResultFields, upload.fields, 'test result'), file: upload.file };
        },
      },
    },
  );

  register(c.list, ({ query }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listTestRuns(deps, query);
  });

  register(c.get, ({ params }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return getTestRun(deps, params.id);
  });

  register(c.artifact, async ({ params }, ctx) => {
    const { artifact, blob } = await openArtifact(deps, params.runId, params.artifactId);
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
    return blob.body;
  });

  return router;
}
