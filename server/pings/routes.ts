import Router from '@koa/router';
import { pingsContract as c } from '../../shared/api/pings';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { ReleaseSource } from '../releases/service';
import { memoryRateLimit } from '../http/rate-limit';
import type { PingIngest } from './ingest';
import { installationDetail } from './detail';
import { exportInstallations } from './export';
import { listInstallations, pingStats, type PingDeps } from './service';

/** POST /api/ping from running installations (public, rate-limited per IP) and the admin Ping Dashboard's data. */
export function pingRoutes(deps: PingDeps, ingest: PingIngest, releases: ReleaseSource, opts: { perMinute?: number; pingsIngested?: { inc(): void }; afterPings?: () => void } = {}): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const limited = memoryRateLimit({ bucket: 'pings', limit: opts.perMinute ?? 60, windowMs: 60_000, message: 'Too many pings from this address' }, deps.clock);

  register(
    c.ingest,
    async ({ body }, ctx) => {
      const { limitedLicence } = await ingest.ingest({ body, senderIp: ctx.ip, at: deps.clock.now() });
      opts.pingsIngested?.inc();
      // Only a licence with a users limit can start or clear an over-limit alert: other pings cost no check.
      if (limitedLicence) opts.afterPings?.();
      // Installations show this as the available update: never a pre-release.
      return { latest_version: (await releases.latestStable()) ?? body.version };
    },
    { before: [limited] },
  );

  register(c.adminList, ({ query }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listInstallations(deps, releases, query);
  });

  register(c.adminStats, () => pingStats(deps));

  register(c.adminExport, ({ query: { excel, ...filters } }, ctx) => exportInstallations(deps, releases, filters, ctx, { excel }));

  // After stats and export, so those two paths are never read as an installation id.
  register(c.adminDetail, ({ params }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return installationDetail(deps, releases, params.id);
  });

  return router;
}
