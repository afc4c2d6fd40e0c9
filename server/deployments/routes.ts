import Router from '@koa/router';
import { createDeploymentBody, deploymentIdempotencyKey, deploymentIdParam, setupStepParams, updateTimeoutBody, updateVersionBody } from '../../shared/api/deployments';
import { deploymentCatalog } from '../../shared/deployments/catalog';
import { currentUser, requireAdmin, requireUser } from '../auth/authenticate';
import { HttpError } from '../http/errors';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { listAllDeployments, listUserDeployments } from './queries';
import { deploymentToWire, setupStepToWire } from './serialize';
import * as service from './service';

/** The Hosted Deployments API of the spec's call table, each route only for the deployment's owner. */
export function deploymentRoutes(deps: service.DeploymentDeps, hostedAppUrl: string): Router<AppState> {
  const router = new Router<AppState>();
  const brand = deps.brand;
  const createBody = createDeploymentBody(brand);
  const own = (d: Parameters<typeof deploymentToWire>[1]) => deploymentToWire(brand, d, { owner: true });

  router.get('deployments.types', '/deployments/types', (ctx) => {
    ctx.body = { data: deploymentCatalog(brand).map((t) => ({ ...t, ...(t.creatable ? {} : { hostedAppUrl }) })) };
  });

  router.get('deployments.list', '/deployments', requireUser, async (ctx) => {
    ctx.body = (await listUserDeployments(deps.db, currentUser(ctx.state).id)).map(own);
  });

  router.post('deployments.create', '/deployments', requireUser, async (ctx) => {
    const input = parse(createBody, ctx.request.body, 'deployment');
    const key = parse(deploymentIdempotencyKey, ctx.get('Idempotency-Key') || undefined, 'Idempotency-Key header');
    ctx.body = own(await service.createDeployment(deps, currentUser(ctx.state).id, input, key));
  });

  router.get('deployments.get', '/deployments/:id', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    ctx.body = own(await service.ownDeployment(deps, id, currentUser(ctx.state).id));
  });

  router.put('deployments.update-timeout', '/deployments/:id', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    const { timeoutMins } = parse(updateTimeoutBody, ctx.request.body, 'timeout');
    ctx.body = own(await service.updateTimeout(deps, id, currentUser(ctx.state).id, timeoutMins));
  });

  router.delete('deployments.delete', '/deployments/:id', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    await service.deleteDeployment(deps, id, currentUser(ctx.state).id);
    ctx.status = 204;
  });

  router.put('deployments.update-version', '/deployments/:id/update-version', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    const { version } = parse(updateVersionBody, ctx.request.body, 'version');
    ctx.body = own(await service.updateVersion(deps, id, currentUser(ctx.state).id, version));
  });

  router.get('deployments.setup-steps', '/deployments/:id/setup-steps', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    ctx.body = (await service.setupSteps(deps, id, currentUser(ctx.state).id)).map(setupStepToWire);
  });

  router.post('deployments.setup-steps.rerun', '/deployments/:id/setup-steps/:stepId/rerun', requireUser, async (ctx) => {
    const { id, stepId } = parse(setupStepParams, ctx.params, 'setup step');
    const result = await service.rerunSetupStep(deps, id, currentUser(ctx.state).id, stepId);
    if (!result.ok) throw new HttpError(422, result.error ?? 'Failed to rerun setup step');
    ctx.body = { ok: true };
  });

  router.get('deployments.logs', '/deployments/:id/logs', requireUser, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    const { filename, data } = await service.logsZip(deps, id, currentUser(ctx.state).id);
    ctx.type = 'application/zip';
    ctx.attachment(filename);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Buffer.from(data);
  });

  router.get('admin.deployments.list', '/admin/deployments', requireAdmin, async (ctx) => {
    const rows = await listAllDeployments(deps.db);
    ctx.body = rows.map((r) => deploymentToWire(brand, r.deployment, { owner: false, userEmail: r.userEmail }));
  });

  router.delete('admin.deployments.delete', '/admin/deployments/:id', requireAdmin, async (ctx) => {
    const { id } = parse(deploymentIdParam, ctx.params, 'deployment id');
    await service.deleteDeployment(deps, id, undefined, `Deleted by an administrator (${currentUser(ctx.state).email})`);
    ctx.status = 204;
  });

  return router;
}
