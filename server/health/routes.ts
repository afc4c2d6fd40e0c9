import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { AppState } from '../http/types';

/** Liveness answers while the process runs; readiness also needs the database. */
export function healthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('healthz', '/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('readyz', '/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await deps.database.ping();
      ctx.body = { status: 'ok', database: deps.database.kind };
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check: database unreachable');
      ctx.status = 503;
      ctx.body = { error: 'Database unreachable', details: { database: deps.database.kind } };
    }
  });
  return router;
}
