import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiShortcut, dispatchBySegment, segmentRouters } from './segment-dispatch';

/** A router shaped like the API's: middleware for all and for one prefix, domains copied in, one segment shared by two domains. */
function apiLikeRouter(): Router {
  const api = new Router({ prefix: '/api' });
  api.use(async (ctx, next) => {
    ctx.set('X-Seen', 'all');
    await next();
  });
  api.use('/user-info', async (ctx, next) => {
    ctx.set('X-Limited', 'yes');
    await next();
  });
  const deployments = new Router();
  deployments.get('/deployments', (ctx) => void (ctx.body = 'list'));
  deployments.post('/deployments', (ctx) => void (ctx.body = 'create'));
  deployments.get('/deployments/:id', (ctx) => void (ctx.body = `one ${ctx.params.id}`));
  deployments.delete('/deployments/:id', (ctx) => void (ctx.body = `gone ${ctx.params.id}`));
  deployments.get('/admin/deployments', (ctx) => void (ctx.body = 'all deployments'));
  const billing = new Router();
  billing.get('/balance', (ctx) => void (ctx.body = 'balance'));
  billing.get('/admin/balances', (ctx) => void (ctx.body = 'all balances'));
  const userInfo = new Router();
  userInfo.get('/user-info', (ctx) => void (ctx.body = 'info'));
  for (const domain of [deployments, billing, userInfo]) api.use(domain.routes());
  return api;
}

/** Another router of the app (the probes, the sign-in pages): paths of its own outside the API. */
function healthRouter(): Router {
  const health = new Router();
  health.get('/healthz', (ctx) => void (ctx.body = 'ok'));
  return health;
}

/**
 * The app as server/app.ts composes it (the API's router among the others, then whatever answers
 * pages), before this dispatch (`whole`) and with it (`segments`).
 */
function serve(dispatch: 'whole' | 'segments'): http.Server {
  const api = apiLikeRouter();
  const routers = [healthRouter(), api];
  const app = new Koa();
  if (dispatch === 'segments') app.use(apiShortcut({ mount: '/api', api, dispatch: dispatchBySegment(api, '/api'), others: [routers[0]!] }));
  const apiDispatch = dispatch === 'whole' ? api.routes() : dispatchBySegment(api, '/api');
  for (const r of routers) app.use(r === api ? apiDispatch : r.routes()).use(r.allowedMethods());
  app.use((ctx) => {
    if (!ctx.path.startsWith('/api')) ctx.body = `page ${ctx.path}`;
  });
  return http.createServer(app.callback());
}

const paths = [
  '/api/deployments',
  '/api/deployments/',
  '/api/deployments/d1',
  '/api/deployments/d1/logs',
  '/api/DEPLOYMENTS',
  '/api/Deployments/d1',
  '/api/admin/deployments',
  '/api/admin/balances',
  '/api/admin/nothing',
  '/api/balance',
  '/api/user-info',
  '/api/user-info/extra',
  '/api/unknown',
  '/api',
  '/api/',
  '/apis/deployments',
  '/elsewhere',
  '/healthz',
  '/API/balance',
];
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'PURGE'];

async function answer(base: string, method: string, path: string) {
  const res = await fetch(`${base}${path}`, { method });
  return { status: res.status, body: method === 'HEAD' ? '' : await res.text(), allow: res.headers.get('allow'), seen: res.headers.get('x-seen'), limited: res.headers.get('x-limited') };
}

describe('dispatching the API by its first segment', () => {
  const servers = { whole: serve('whole'), segments: serve('segments') };
  const base = { whole: '', segments: '' };
  beforeAll(async () => {
    for (const name of ['whole', 'segments'] as const) {
      await new Promise<void>((resolve) => servers[name].listen(0, '127.0.0.1', resolve));
      base[name] = `http://127.0.0.1:${(servers[name].address() as AddressInfo).port}`;
    }
  });
  afterAll(() => Promise.all(Object.values(servers).map((s) => new Promise((resolve) => s.close(resolve)))));

  it('answers every method on every path as the whole router does: routes, middleware, 404s, 405s with Allow, OPTIONS and 501', async () => {
    const differences: string[] = [];
    for (const path of paths) {
      for (const method of methods) {
        const [whole, segments] = await Promise.all([answer(base.whole, method, path), answer(base.segments, method, path)]);
        if (JSON.stringify(whole) !== JSON.stringify(segments)) differences.push(`${method} ${path}: ${JSON.stringify(whole)} ≠ ${JSON.stringify(segments)}`);
      }
    }
    expect(differences).toEqual([]);
    // and the comparison saw the cases it is about
    expect(await answer(base.segments, 'GET', '/api/deployments/d1')).toMatchObject({ status: 200, body: 'one d1', seen: 'all' });
    expect(await answer(base.segments, 'PUT', '/api/deployments')).toMatchObject({ status: 405, allow: 'HEAD, GET, POST' });
    expect(await answer(base.segments, 'GET', '/api/user-info')).toMatchObject({ body: 'info', limited: 'yes' });
    expect(await answer(base.segments, 'GET', '/api/admin/balances')).toMatchObject({ body: 'all balances' });
  });

  it('gives a segment only its own routes and every middleware layer, in their order', () => {
    const api = apiLikeRouter();
    const own = segmentRouters(api, '/api').pick('/api/deployments/d1');
    expect(own).not.toBe(api);
    expect(own.stack.map((layer) => `${layer.methods.join(',') || 'use'} ${String(layer.path)}`)).toEqual([
      'use /api(?:\\/|$)',
      'use /api/user-info',
      'HEAD,GET /api/deployments',
      'POST /api/deployments',
      'HEAD,GET /api/deployments/:id',
      'DELETE /api/deployments/:id',
    ]);
    expect(segmentRouters(api, '/api').pick('/api/Deployments')).toBe(api);
  });

  it('keeps the whole router when a route could match any first segment', () => {
    const api = apiLikeRouter();
    api.get('/:anything/info', (ctx) => void (ctx.body = 'any'));
    expect(segmentRouters(api, '/api').pick('/api/deployments')).toBe(api);
  });

  it('refuses another router that could answer a path under the API', () => {
    const api = apiLikeRouter();
    for (const path of ['/api/checkout', '/API/x', '/:page']) {
      const other = new Router();
      other.get(path, (ctx) => void (ctx.body = 'other'));
      expect(() => apiShortcut({ mount: '/api', api, dispatch: dispatchBySegment(api, '/api'), others: [healthRouter(), other] })).toThrow(/may not answer paths under \/api/);
    }
  });
});
