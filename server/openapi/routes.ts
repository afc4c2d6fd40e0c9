import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import Router from '@koa/router';
import { openApiContract as c } from '../../shared/api/openapi';
import type { Brand } from '../../shared/brand';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { openApiDocument } from './document';

const redocScript = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The reference page's own policy: Redoc injects its styles, runs its search index in a worker
 * started from a blob: URL, and fetches the document from this origin. The rest of the app keeps
 * the stricter policy of security-headers.ts.
 */
export const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const docsPage = (productName: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(productName)} Launchpad API reference</title>
<style>body{margin:0}</style>
</head>
<body>
<redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>`;

/** GET /api/openapi.json, the Redoc reference page at /api/docs and its script (served from node_modules, no CDN). */
export function openApiRoutes(opts: { brand: Brand; gateway: 'local' | 'stripe' }): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  // Built once, when first asked for (not at every start): the contract does not change while the server runs.
  const build = () => ({ ...openApiDocument(opts) });
  let document: ReturnType<typeof build> | undefined;
  let script: Promise<Buffer> | undefined;

  register(c.document, (_, ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    return (document ??= build());
  });

  register(c.docs, (_, ctx) => {
    ctx.set('Content-Security-Policy', docsContentSecurityPolicy);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    return docsPage(opts.brand.name);
  });

  register(c.redoc, async (_, ctx) => {
    script ??= fs.readFile(redocScript);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'application/javascript';
    return await script;
  });

  return router;
}
