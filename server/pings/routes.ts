import Router from '@koa/router';
import { pingsContract as c } from '../../shared/api/pings';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { ReleaseSource } from '../releases/service';
import type { RateLimits } from '../http/rate-limit';
import { ingestPing, listInstallations, pingStats, type PingDeps } from './service';

/** POST /api/ping from running installations (public, rate-limited per IP) and the admin Ping Dashboard's data. */
export function pingRoutes(deps: PingDeps, releases: ReleaseSource, limits: RateLimits, opts: { perMinute?: number; pingsIngested?: { inc(): void } } = {}): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const limited = limits.middleware({ bucket: 'pings', limit: opts.perMinute ?? 60, windowMs: 60_000, message: 'Too many pings from this address' });

  register(
    c.ingest,
    async ({ body }, ctx) => {
      await ingestPing(deps, body, ctx.ip);
      opts.pingsIngested?.inc();
      // Installations show this as the available update: never a pre-release.
      return { latest_version: (await releases.latestStable()) ?? body.version };
    },
    { before: [limited] },
  );

  register(c.adminList, ({ query }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listInstallations(deps, query);
  });

  register(c.adminStats, () => pingStats(deps));

  return router;
}
