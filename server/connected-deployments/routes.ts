import Router from '@koa/router';
import type { z } from 'zod';
import { connectedDeploymentsContract as c, createConnectedDeploymentBody } from '../../shared/api/connected-deployments';
import { badRequest } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { checkText } from '../http/validate';
import { addConnected, describeConnected, listConnected, removeConnected, syncConnected, type ConnectedDeploymentDeps } from './service';

/**
 * The add form shows one message at a time, so the answer's `error` is the first problem in the
 * form's words ('Name is required', 'Please enter a valid URL'); `details` still lists them all.
 * A missing field reads as an empty one, so it gets the same "is required" message.
 */
function parseNewDeployment(input: unknown): z.output<typeof createConnectedDeploymentBody> {
  checkText(input, 'deployment');
  const filled = typeof input === 'object' && input !== null && !Array.isArray(input) ? { name: '', url: '', ...input } : input;
  const result = createConnectedDeploymentBody.safeParse(filled);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(details[0]?.message ?? 'Invalid deployment', details);
}

/** Private deployments of the deploy menu (public-site 7): each user sees and changes only their own. */
export function connectedDeploymentRoutes(deps: ConnectedDeploymentDeps): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.list, ({ user }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listConnected(deps, user.account.id);
  });

  register(c.create, ({ body, user }) => addConnected(deps, user.account.id, body), { read: { body: (ctx) => parseNewDeployment(ctx.request.body) } });

  register(c.sync, ({ body, user }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The browser's saved list is the person's: in a team it is not copied into the team's account.
    if (user.account.kind === 'team') return listConnected(deps, user.account.id);
    return syncConnected(deps, user.account.id, body.local_storage_deployments);
  });

  register(c.update, ({ params, body, user }) => describeConnected(deps, user.account.id, params.id, body.description));

  register(c.remove, async ({ params, user }) => {
    await removeConnected(deps, user.account.id, params.id);
  });

  return router;
}
