import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const serverPrefixes = ['/api', '/oidc', '/idp/', '/healthz', '/readyz'];

/**
 * Serves the built renderer. Hashed assets are cached for a year; every other GET that is not
 * an API or identity path gets index.html, so app and marketing paths load the single-page app.
 */
export function serveRenderer(root: string): Middleware {
  const index = path.join(root, 'index.html');
  const preloads = routePreloads(root);
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (serverPrefixes.some((p) => ctx.path === p || ctx.path.startsWith(p.endsWith('/') ? p : `${p}/`))) return;
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text';
      ctx.body = 'The renderer is not built yet: run `npm run build`.';
      return;
    }
    const file = ctx.path !== '/' && path.extname(ctx.path) ? await trySend(ctx, root) : false;
    if (file) return;
    if (path.extname(ctx.path) && ctx.path.startsWith('/assets/')) return; // a missing asset is a 404, not the app
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    const links = preloads().get(ctx.path.replace(/(.)\/+$/, '$1'));
    if (links) ctx.set('Link', links);
    await send(ctx, 'index.html', { root, brotli: true, gzip: true });
  };
}

async function trySend(ctx: Parameters<Middleware>[0], root: string): Promise<boolean> {
  try {
    const immutable = ctx.path.startsWith('/assets/');
    ctx.vary('Accept-Encoding');
    // Precompressed .br/.gz siblings come from the build (build/precompress.ts).
    await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0, brotli: true, gzip: true });
    return true;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}

/**
 * The marketing page chunks per path (written by build/route-preloads.ts), as a `Link` header
 * value, so the browser fetches the page's code alongside the entry chunk. Read once per build:
 * the file changes only when the renderer is rebuilt, and then its index.html changes too.
 */
function routePreloads(root: string): () => Map<string, string> {
  const file = path.join(root, 'route-preloads.json');
  let cached: { mtimeMs: number; links: Map<string, string> } | undefined;
  return () => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (cached?.mtimeMs === mtimeMs) return cached.links;
    const links = new Map<string, string>();
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
      for (const [route, files] of Object.entries(parsed)) {
        links.set(route, files.map((f) => (f.endsWith('.css') ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=modulepreload`)).join(', '));
      }
    } catch {
      // no file (a build without the plugin, or a test renderer): no hints
    }
    cached = { mtimeMs, links };
    return links;
  };
}
