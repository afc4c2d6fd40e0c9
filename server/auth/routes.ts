import Router from '@koa/router';
import { createApiKeyBody, idParam, type ApiKeyList, type CheckAdminResponse, type MeResponse, type PublicConfig } from '../../shared/api/auth';
import type { AppDeps } from '../deps';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { createApiKey, listApiKeys, revokeOwnApiKey } from './api-keys/service';
import { currentUser, requireUser } from './authenticate';
import { findUserById } from './users-queries';

export function authRoutes(deps: AppDeps, publicConfig: PublicConfig): Router<AppState> {
  const router = new Router<AppState>();

  router.get('public-config', '/config', (ctx) => {
    ctx.body = publicConfig;
  });

  router.get('check-admin', '/auth/check-admin', requireUser, (ctx) => {
    const body: CheckAdminResponse = { isAdmin: currentUser(ctx.state).isAdmin };
    ctx.body = body;
  });

  router.get('me', '/auth/me', requireUser, async (ctx) => {
    const user = currentUser(ctx.state);
    const row = await findUserById(deps.db, user.id);
    const body: MeResponse = { id: user.id, email: user.email, isAdmin: user.isAdmin, createdAt: (row?.createdAt ?? new Date()).toISOString() };
    ctx.body = body;
  });

  router.get('api-keys.list', '/auth/api-keys', requireUser, async (ctx) => {
    const body: ApiKeyList = { keys: await listApiKeys(deps.db, currentUser(ctx.state).id) };
    ctx.body = body;
  });

  router.post('api-keys.create', '/auth/api-keys', requireUser, async (ctx) => {
    const { name } = parse(createApiKeyBody, ctx.request.body, 'API key');
    ctx.status = 201;
    ctx.body = await createApiKey(deps.db, currentUser(ctx.state).id, name);
  });

  router.delete('api-keys.revoke', '/auth/api-keys/:id', requireUser, async (ctx) => {
    const { id } = parse(idParam, ctx.params, 'API key id');
    await revokeOwnApiKey(deps.db, deps.clock, currentUser(ctx.state).id, id);
    ctx.status = 204;
  });

  return router;
}
