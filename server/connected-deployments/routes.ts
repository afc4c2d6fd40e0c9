import Router from '@koa/router';
import type { z } from 'zod';
import { connectedDeploymentIdParam, createConnectedDeploymentBody, syncConnectedDeploymentsBody } from '../../shared/api/connected-deployments';
import { currentUser, requireUser } from '../auth/authenticate';
import { badRequest } from '../http/errors';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { addConnected, listConnected, removeConnected, syncConnected, type ConnectedDeploymentDeps } from './service';

/**
 * The add form shows one message at a time, so the answer's `error` is the first problem in the
 * form's words ('Name is required', 'Please enter a valid URL'); `details` still lists them all.
 * A missing field reads as an empty one, so it gets the same "is required" message.
 */
function parseNewDeployment(input: unknown): z.output<typeof createConnectedDeploymentBody> {
  const filled = typeof input === 'object' && input !== null && !Array.isArray(input) ? { name: '', url: '', ...input } : input;
  const result = createConnectedDeploymentBody.safeParse(filled);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(details[0]?.message ?? 'Invalid deployment', details);
}

/** Private deployments of the deploy menu (public-site 7): each user sees and changes only their own. */
export function connectedDeploymentRoutes(deps: ConnectedDeploymentDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('connected-deployments.list', '/connected-deployments', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listConnected(deps, currentUser(ctx.state).id);
  });

  router.post('connected-deployments.create', '/connected-deployments', requireUser, async (ctx) => {
    const body = parseNewDeployment(ctx.request.body);
    ctx.status = 201;
    ctx.body = await addConnected(deps, currentUser(ctx.state).id, body);
  });

  router.post('connected-deployments.sync', '/connected-deployments/sync', requireUser, async (ctx) => {
    const body = parse(syncConnectedDeploymentsBody, ctx.request.body, 'deployments to sync');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await syncConnected(deps, currentUser(ctx.state).id, body.local_storage_deployments);
  });

  router.delete('connected-deployments.delete', '/connected-deployments/:id', requireUser, async (ctx) => {
    const { id } = parse(connectedDeploymentIdParam, ctx.params, 'deployment id');
    await removeConnected(deps, currentUser(ctx.state).id, id);
    ctx.status = 204;
  });

  return router;
}
