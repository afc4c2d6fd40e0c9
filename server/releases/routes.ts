import Router from '@koa/router';
import { deploymentSettingsContract as c } from '../../shared/api/deployments';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { ReleaseSource } from './service';

/** GET /api/releases: the platform's versions for the version selectors (public). */
export function releaseRoutes(releases: ReleaseSource): Router<AppState> {
  const router = new Router<AppState>();
  registrar(router)(c.releases, async (_, ctx) => {
    const body = await releases.list();
    ctx.set('Cache-Control', 'public, max-age=60');
    return body;
  });
  return router;
}
