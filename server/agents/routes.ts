import Router from '@koa/router';
import { agentIdParam, agentsContract as c, type ModelClass } from '../../shared/api/agents';
import { HttpError } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { AgentCatalogue } from './catalogue';

// The catalogue only changes with a release, so browsers and proxies may keep it for a while.
const publicCache = 'public, max-age=300';

/** The agent gallery, each agent's configuration and the model classes for import links; open to all (public-site 6). */
export function agentRoutes(catalogue: AgentCatalogue, modelClasses: ModelClass[]): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const gallery = { gallery: catalogue.gallery };
  const substitutions = { model_classes: modelClasses };

  register(c.gallery, (_, ctx) => {
    ctx.set('Cache-Control', publicCache);
    return gallery;
  });

  // An id that is not an agent's, well-formed or not, is a 404 naming it.
  const unknown = (id: string | undefined) => new HttpError(404, 'Unknown agent', [{ path: 'id', message: `No agent with id "${id ?? ''}"` }]);
  register(
    c.config,
    ({ params }, ctx) => {
      const config = catalogue.config(params.id);
      if (!config) throw unknown(params.id);
      ctx.set('Cache-Control', publicCache);
      return config;
    },
    {
      read: {
        params: (ctx) => {
          const id = agentIdParam.safeParse(ctx.params);
          if (!id.success) throw unknown(ctx.params.id);
          return id.data;
        },
      },
    },
  );

  register(c.modelSubstitutions, (_, ctx) => {
    ctx.set('Cache-Control', publicCache);
    return substitutions;
  });

  return router;
}
