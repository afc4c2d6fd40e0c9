import Router from '@koa/router';
import { pingsContract as c } from '../../shared/api/pings';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { ReleaseSource } from '../releases/service';
import type { PingReception } from './reception';
import { installationDetail } from './detail';
import { exportInstallations } from './export';
import { listInstallations, pingStats, type PingDeps } from './service';

/**
 * POST /api/ping from running installations (public, rate-limited per IP) and the admin Ping
 * Dashboard's data. The ping lane (lane.ts) answers `POST /api/ping` itself before Koa; this route
 * serves every other form of it (a trailing slash, `OPTIONS`, a 405) through the same reception.
 */
export function pingRoutes(deps: PingDeps, reception: PingReception, releases: ReleaseSource): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.ingest, ({ body }, ctx) => reception.receive(body, ctx.ip), {
    before: [
      (ctx, next) => {
        reception.admit(ctx.ip);
        return next();
      },
    ],
  });

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
