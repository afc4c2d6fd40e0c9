import type { Middleware } from 'koa';
import { serverPathPrefixes, underPrefix } from '../../shared/api/routes';

/** Paths the server answers itself (API, identity provider, probes): never redirected. */
const serverPrefixes = [...serverPathPrefixes, '/metrics'];

/** A browser loading a page: `Sec-Fetch-Mode: navigate`, or (older clients) a GET asking for HTML. */
function isPageNavigation(ctx: { method: string; get(h: string): string }): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  const mode = ctx.get('sec-fetch-mode');
  return mode ? mode === 'navigate' : ctx.get('accept').includes('text/html');
}

/**
 * Sends a page opened at another address of this server (http://127.0.0.1:3000 when PUBLIC_URL is
 * http://localhost:3000) to PUBLIC_URL, same path and query, before the app starts a sign-in whose
 * redirect_uri the identity provider would refuse with a bare 400. Only page navigations: API
 * calls, the provider's own pages and probes are answered where they arrive. Compares the host
 * only (a TLS-terminating proxy without TRUST_PROXY makes every request look like http): a
 * reverse proxy must pass the Host header through (or X-Forwarded-Host with TRUST_PROXY).
 */
export function canonicalHost(publicUrl: string): Middleware {
  const canonical = new URL(publicUrl);
  return async (ctx, next) => {
    const serverPath = underPrefix(ctx.path, serverPrefixes);
    if (serverPath || !ctx.host || ctx.host.toLowerCase() === canonical.host || !isPageNavigation(ctx)) return next();
    ctx.status = 302;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(new URL(ctx.originalUrl, canonical.origin).href);
  };
}
