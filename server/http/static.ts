import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { serverPathPrefixes, underPrefix } from '../../shared/api/routes';
import { marketingSite, type SiteOptions } from './marketing-pages';
import { redactUrl } from './logging';
import type { AppState } from './types';

export interface RendererOptions {
  /** the public site's address and brand; without them no page is rendered on the server (tests of the file serving) */
  site?: SiteOptions;
  /** the server's rendering of the marketing pages; default dist/ssr/entry-server.js beside the renderer */
  ssrEntry?: string;
}

/**
 * Serves the built renderer. Hashed assets are cached for a year. Marketing pages come rendered,
 * with their own head tags (marketing-pages.ts); robots.txt and sitemap.xml list them. Any other
 * GET that is not an API or identity path gets index.html, so app paths load the single-page app;
 * a path with a file extension that names no file is a 404, never the app.
 */
export function serveRenderer(root: string, options: RendererOptions = {}): Middleware {
  const index = path.join(root, 'index.html');
  const preloads = routePreloads(root);
  // index.html read again only after a rebuild
  let indexCache: { html: string; mtimeMs: number } | undefined;
  const readIndex = () => {
    const mtimeMs = fs.statSync(index).mtimeMs;
    if (indexCache?.mtimeMs !== mtimeMs) indexCache = { html: fs.readFileSync(index, 'utf8'), mtimeMs };
    return indexCache;
  };
  const site = options.site && marketingSite(options.ssrEntry ?? path.join(root, '..', 'ssr', 'entry-server.js'), options.site);
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (underPrefix(ctx.path, serverPathPrefixes)) return;
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text';
      ctx.body = 'The renderer is not built yet: run `npm run build`.';
      return;
    }
    if (site && (ctx.path === '/robots.txt' || ctx.path === '/sitemap.xml')) {
      const body = await (ctx.path === '/robots.txt' ? site.robots() : site.sitemap());
      if (body === undefined) return;
      ctx.type = ctx.path === '/robots.txt' ? 'text/plain' : 'application/xml';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = body;
      return;
    }
    if (ctx.path !== '/' && path.extname(ctx.path)) {
      if (!(await trySend(ctx, root))) notFound(ctx);
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    const hints = pageHints(preloads(), ctx.path);
    if (site) {
      const indexFile = readIndex();
      const page = await site.page(ctx.path, indexFile, hints ?? { stylesheets: [], modules: [] }).catch((err: unknown) => {
        // The page still works, rendered in the browser; the failure is the build's to fix.
        (ctx.state as Partial<AppState>).log?.error({ err, path: redactUrl(ctx.path) }, 'server rendering failed');
        return undefined;
      });
      // A rendered page needs only its stylesheets to paint; its code follows the paint (marketing-pages.ts).
      const link = page ? hints?.cssHeader : hints?.header;
      if (link) ctx.set('Link', link);
      ctx.type = 'html';
      ctx.status = page?.status ?? 200;
      const encoding = page && ctx.acceptsEncodings('br', 'gzip', 'identity');
      if (page && (encoding === 'br' || encoding === 'gzip')) {
        ctx.set('Content-Encoding', encoding);
        ctx.body = page.encoded[encoding];
      } else ctx.body = page?.document ?? site.withBrand(indexFile.html);
      return;
    }
    if (hints) ctx.set('Link', hints.header);
    await send(ctx, 'index.html', { root, brotli: true, gzip: true });
  };
}

function notFound(ctx: Parameters<Middleware>[0]): void {
  ctx.status = 404;
  ctx.type = 'text';
  ctx.body = 'Not found';
}

async function trySend(ctx: Parameters<Middleware>[0], root: string): Promise<boolean> {
  try {
    const immutable = ctx.path.startsWith('/assets/');
    ctx.vary('Accept-Encoding');
    // Precompressed .br/.gz siblings come from the build (build/precompress.ts).
    await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0, brotli: true, gzip: true });
    return true;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404 || status === 400) return false;
    throw err;
  }
}

export interface RouteHints {
  /** the `Link` header value: the page's modules and stylesheets */
  header: string;
  /** the `Link` header value of the rendered page: its stylesheets only */
  cssHeader: string | undefined;
  /** the page's own stylesheets, linked from the rendered page's head */
  stylesheets: string[];
  /** the page's own modules, fetched after the rendered page's first paint */
  modules: string[];
}

/**
 * A path's hints: its own, else its nearest parent's below the root, since one page renders a family of
 * addresses (/docs/cloud/oci is the /docs page; without /docs' stylesheet it painted unstyled, then shifted).
 */
export function pageHints(links: Map<string, RouteHints>, pathname: string): RouteHints | undefined {
  for (let p = pathname.replace(/(.)\/+$/, '$1'); p.length > 1; p = p.slice(0, p.lastIndexOf('/')) || '/') {
    const hints = links.get(p);
    if (hints) return hints;
  }
  return pathname === '/' ? links.get('/') : undefined;
}

/**
 * The marketing page chunks per path (written by build/route-preloads.ts), as a `Link` header
 * value, so the browser fetches the page's code alongside the entry chunk. Stylesheets carry
 * `crossorigin`: the page links them (and Vite's loader requests them) in CORS mode, and a
 * preload in another mode is not used. Read once per build: the file changes only when the
 * renderer is rebuilt, and then its index.html changes too.
 */
function routePreloads(root: string): () => Map<string, RouteHints> {
  const file = path.join(root, 'route-preloads.json');
  let cached: { mtimeMs: number; links: Map<string, RouteHints> } | undefined;
  return () => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (cached?.mtimeMs === mtimeMs) return cached.links;
    const links = new Map<string, RouteHints>();
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
      for (const [route, files] of Object.entries(parsed)) {
        const hint = (f: string) => (f.endsWith('.css') ? `<${f}>; rel=preload; as=style; crossorigin` : `<${f}>; rel=modulepreload`);
        const stylesheets = files.filter((f) => f.endsWith('.css'));
        links.set(route, {
          header: files.map(hint).join(', '),
          cssHeader: stylesheets.length > 0 ? stylesheets.map(hint).join(', ') : undefined,
          stylesheets,
          modules: files.filter((f) => !f.endsWith('.css')),
        });
      }
    } catch {
      // no file (a build without the plugin, or a test renderer): no hints
    }
    cached = { mtimeMs, links };
    return links;
  };
}
