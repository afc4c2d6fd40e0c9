import Router from '@koa/router';
import { agentIdParam, type ModelClass } from '../../shared/api/agents';
import { HttpError } from '../http/errors';
import type { AppState } from '../http/types';
import type { AgentCatalogue } from './catalogue';

// The catalogue only changes with a release, so browsers and proxies may keep it for a while.
const publicCache = 'public, max-age=300';

/** The agent gallery, each agent's configuration and the model classes for import links; open to all (public-site 6). */
export function agentRoutes(catalogue: AgentCatalogue, modelClasses: ModelClass[]): Router<AppState> {
  const router = new Router<AppState>();
  const gallery = { gallery: catalogue.gallery };
  const substitutions = { model_classes: modelClasses };

  router.get('agents.gallery', '/agents', (ctx) => {
    ctx.set('Cache-Control', publicCache);
    ctx.body = gallery;
  });

  router.get('agents.config', '/agents/:id', (ctx) => {
    const id = agentIdParam.safeParse(ctx.params);
    const config = id.success ? catalogue.config(id.data.id) : undefined;
    if (!config) throw new HttpError(404, 'Unknown agent', [{ path: 'id', message: `No agent with id "${ctx.params.id ?? ''}"` }]);
    ctx.set('Cache-Control', publicCache);
    ctx.body = config;
  });

  router.get('agents.model-substitutions', '/model-substitutions', (ctx) => {
    ctx.set('Cache-Control', publicCache);
    ctx.body = substitutions;
  });

  return router;
}
