import type { Deployment } from '../../../shared/api/deployments';
import type { PrivateDeployment } from '../../queries/connected-deployments';
import { managedUrl } from './deploy-targets';

/** The gallery's `{brandId}_url` query parameter: an installation sending its user here to pick agents. */
export function detectedUrlParam(brandId: string): string {
  return `${brandId}_url`;
}

export interface DetectedUrlContext {
  /** the default app URL (the hosted app), never added */
  defaultAppUrl: string | undefined;
  /** further hosts that are never added (the hosted cloud's host) */
  recognisedHosts: string[];
  existing: Pick<PrivateDeployment, 'name' | 'url'>[];
  managed: Pick<Deployment, 'status' | 'ipv4' | 'ui_url'>[];
}

function parse(url: string): URL | undefined {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** Compares addresses the way a user would: case-insensitive host, no trailing slash. */
function sameUrl(a: string, b: string): boolean {
  const ua = parse(a);
  const ub = parse(b);
  if (!ua || !ub) return a.trim() === b.trim();
  const norm = (u: URL) => `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  return norm(ua) === norm(ub);
}

/**
 * Public-site 5: the private deployment to add for a detected URL, or undefined when it is skipped:
 * not an http(s) URL; the default app URL, localhost:8080 or a recognised host; already listed by
 * url or by name; or a running managed deployment's address. The name is the URL's hostname.
 */
export function detectedDeployment(rawUrl: string, ctx: DetectedUrlContext): { name: string; description: string; url: string } | undefined {
  const u = parse(rawUrl);
  if (!u) return undefined;
  const url = rawUrl.trim();
  const name = u.hostname;
  const defaultApp = ctx.defaultAppUrl ? parse(ctx.defaultAppUrl) : undefined;
  if (defaultApp && defaultApp.host === u.host) return undefined;
  if (u.host === 'localhost:8080' || u.host === '127.0.0.1:8080') return undefined;
  if (ctx.recognisedHosts.some((h) => h.toLowerCase() === u.hostname || h.toLowerCase() === u.host)) return undefined;
  if (ctx.existing.some((d) => sameUrl(d.url, url) || d.name.trim().toLowerCase() === name)) return undefined;
  const running = ctx.managed.filter((d) => d.status === 'running' && d.ipv4);
  if (running.some((d) => d.ipv4 === u.hostname || [managedUrl(d), `http://${d.ipv4}`, `https://${d.ipv4}`].some((m) => m && sameUrl(m, url)))) return undefined;
  return { name, description: '', url };
}
