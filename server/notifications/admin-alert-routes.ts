import Router from '@koa/router';
import { adminAlertsContract as c } from '../../shared/api/admin-alerts';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { alertPreferencesOf, saveAlertPreferences } from './admin-alert-preferences';
import type { NotifyDeps } from './notify';

/** Each administrator's alert preferences (admin routes: 403 for anyone else). */
export function adminAlertRoutes(deps: Pick<NotifyDeps, 'db' | 'clock'>): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  register(c.getPreferences, ({ user }) => alertPreferencesOf(deps.db, user.id));
  register(c.putPreferences, ({ body, user }) => saveAlertPreferences(deps.db, user.id, body, deps.clock.now()));
  return router;
}
