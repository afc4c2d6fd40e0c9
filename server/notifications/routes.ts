import Router from '@koa/router';
import { notificationsContract as c } from '../../shared/api/notifications';
import { notFound } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { NotifyDeps } from './notify';
import { preferencesOf, savePreferences } from './preferences';
import { listNotifications, mailPageSize, markAllRead, markRead, sentMailPage } from './queries';

/** The bell's list and mark-read, the Account page's preferences and the admin's Sent Mail. */
export function notificationRoutes(deps: Pick<NotifyDeps, 'db' | 'clock'>): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.list, async ({ user }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listNotifications(deps.db, user.account.id);
  });

  register(c.markAllRead, async ({ user }) => {
    await markAllRead(deps.db, user.account.id, deps.clock.now());
  });

  register(c.markRead, async ({ params, user }) => {
    if (!(await markRead(deps.db, user.account.id, params.id, deps.clock.now()))) throw notFound('Notification not found');
  });

  register(c.getPreferences, ({ user }) => preferencesOf(deps.db, user.id));

  register(c.putPreferences, ({ body, user }) => savePreferences(deps.db, user.id, body, deps.clock.now()));

  register(c.adminMail, async ({ query }) => ({ ...(await sentMailPage(deps.db, query.page)), page: query.page, page_size: mailPageSize }));

  return router;
}
