import Router from '@koa/router';
import { adminAlertsContract as c } from '../../shared/api/admin-alerts';
import { notFound } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { alertPreferencesOf, saveAlertPreferences } from './admin-alert-preferences';
import type { AdminAlertDeps } from './admin-alerts';
import { acknowledgeAlert, alertPage, alertPageSize } from './alert-history-queries';
import { sendTestAlert } from './test-alerts';

/** Each administrator's alert preferences and the operator's Alerts page (admin routes: 403 for anyone else). */
export function adminAlertRoutes(deps: AdminAlertDeps, webhook: { url: string } | undefined): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  register(c.getPreferences, ({ user }) => alertPreferencesOf(deps.db, user.id));
  register(c.putPreferences, ({ body, user }) => saveAlertPreferences(deps.db, user.id, body, deps.clock.now()));
  register(c.list, async ({ query }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { ...(await alertPage(deps.db, query)), page: query.page, page_size: alertPageSize, webhook: { configured: webhook !== undefined, host: webhook ? new URL(webhook.url).host : null } };
  });
  register(c.acknowledge, async ({ params, user }) => {
    const alert = await acknowledgeAlert(deps.db, params.id, user.id, deps.clock.now());
    if (!alert) throw notFound('Alert not found');
    return alert;
  });
  register(c.sendTest, async ({ body, user }) => sendTestAlert(deps, { id: user.id, email: user.email, prefs: await alertPreferencesOf(deps.db, user.id) }, body.kind));
  return router;
}
