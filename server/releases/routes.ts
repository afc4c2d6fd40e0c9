import Router from '@koa/router';
import type { ReleasesResponse } from '../../shared/api/deployments';
import type { AppState } from '../http/types';
import type { ReleaseSource } from './service';

/** GET /api/releases: the platform's versions for the version selectors (public). */
export function releaseRoutes(releases: ReleaseSource): Router<AppState> {
  const router = new Router<AppState>();
  router.get('releases.list', '/releases', async (ctx) => {
    const body: ReleasesResponse = await releases.list();
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = body;
  });
  return router;
}
