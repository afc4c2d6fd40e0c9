import Router from '@koa/router';
import { adminPingsQuery, pingBody } from '../../shared/api/pings';
import { requireAdmin } from '../auth/authenticate';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import type { ReleaseSource } from '../releases/service';
import type { RateLimits } from '../http/rate-limit';
import { ingestPing, listInstallations, pingStats, type PingDeps } from './service';

/** POST /api/ping from running installations (public, rate-limited per IP) and the admin Ping Dashboard's data. */
export function pingRoutes(deps: PingDeps, releases: ReleaseSource, limits: RateLimits, opts: { perMinute?: number; pingsIngested?: { inc(): void } } = {}): Router<AppState> {
  const router = new Router<AppState>();
  const limited = limits.middleware({ bucket: 'pings', limit: opts.perMinute ?? 60, windowMs: 60_000, message: 'Too many pings from this address' });

  router.post('pings.ingest', '/ping', limited, async (ctx) => {
    const body = parse(pingBody, ctx.request.body, 'ping');
    await ingestPing(deps, body, ctx.ip);
    opts.pingsIngested?.inc();
    // Installations show this as the available update: never a pre-release.
    ctx.body = { latest_version: (await releases.latestStable()) ?? body.version };
  });

  router.get('admin.pings.list', '/admin/pings', requireAdmin, async (ctx) => {
    const q = parse(adminPingsQuery, ctx.query, 'query');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listInstallations(deps, q);
  });

  router.get('admin.pings.stats', '/admin/pings/stats', requireAdmin, async (ctx) => {
    ctx.body = await pingStats(deps);
  });

  return router;
}
