import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { healthContract as c } from '../../shared/api/health';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';

/** Liveness answers while the process runs; readiness also needs the database. */
export function healthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router, '');
  register(c.healthz, (_, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
  register(c.readyz, async (_, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await deps.database.ping();
      return { status: 'ok' as const, database: deps.database.kind };
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check: database unreachable');
      ctx.status = 503;
      return { error: 'Database unreachable', details: { database: deps.database.kind } };
    }
  });
  return router;
}
