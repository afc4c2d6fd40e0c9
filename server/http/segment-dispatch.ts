import Router from '@koa/router';
import type { Middleware } from 'koa';

/** `/api/deployments/…` under `/api` → `deployments`; undefined for `/api` itself or a path outside the mount. */
function firstSegment(path: string, mount: string): string | undefined {
  if (!path.startsWith(`${mount}/`)) return undefined;
  const end = path.indexOf('/', mount.length + 1);
  return path.slice(mount.length + 1, end < 0 ? undefined : end);
}

/** Segments that match only themselves: a parameter, wildcard or group there could match any segment. */
const literalSegment = /^[A-Za-z0-9._~-]+$/;

/**
 * One router per first segment under `mount`, each with the whole router's middleware layers (in
 * their order) and only the routes that start with that segment; `pick(path)` answers the router a
 * path goes through: its segment's, or the whole router for any other path (a segment no route
 * starts with, another letter case, `/api` itself), so every answer, 404 and 405 stays the whole
 * router's. The whole router is used for everything when a route's first segment is not literal.
 */
export function segmentRouters<S>(router: Router<S>, mount: string): { pick(path: string): Router<S> } {
  const routes = router.stack.filter((layer) => layer.methods.length > 0);
  const segments = routes.map((layer) => firstSegment(String(layer.path), mount));
  if (segments.some((segment) => segment === undefined || !literalSegment.test(segment))) return { pick: () => router };
  const bySegment = new Map<string, Router<S>>();
  for (const segment of new Set(segments as string[])) {
    const own = new Router<S>();
    own.stack = router.stack.filter((layer) => layer.methods.length === 0 || firstSegment(String(layer.path), mount) === segment);
    bySegment.set(segment, own);
  }
  return { pick: (path) => bySegment.get(firstSegment(path, mount) ?? '') ?? router };
}

/**
 * The router's dispatch by first segment (`segmentRouters`): a request tests its own domain's
 * dozen route patterns instead of every route of the API (@koa/router tests each layer's pattern,
 * and logs it for debugging, on every request). The router's `allowedMethods()` reads only what
 * matched, so it is used as before.
 */
export function dispatchBySegment<S>(router: Router<S>, mount: string): Middleware<S> {
  const routers = segmentRouters(router, mount);
  const dispatch = new Map<Router<S>, Middleware<S>>();
  return (ctx, next) => {
    const chosen = routers.pick(ctx.path);
    let middleware = dispatch.get(chosen);
    if (!middleware) dispatch.set(chosen, (middleware = chosen.routes() as unknown as Middleware<S>));
    return middleware(ctx, next);
  };
}

/**
 * A path under `${mount}/` goes straight to the API's `dispatch` and its `allowedMethods` and ends
 * there: nothing after them answers such a path (the page middleware passes server paths by, and
 * `others`, the app's other routers, are checked here to hold no route under the mount), so an API
 * request skips them. Other paths go on down the chain, which still holds the API's router: it
 * also answers `/API/…` (@koa/router ignores letter case).
 */
export function apiShortcut<S>(o: { mount: string; api: Router<S>; dispatch: Middleware<S>; others: Router<S>[] }): Middleware<S> {
  const under = `${o.mount}/`;
  for (const layer of o.others.flatMap((router) => router.stack)) {
    const segment = firstSegment(String(layer.path), '');
    if (segment === undefined || !literalSegment.test(segment) || `/${segment.toLowerCase()}` === o.mount.toLowerCase()) {
      throw new Error(`${String(layer.path)}: a route outside the API may not answer paths under ${o.mount}`);
    }
  }
  const allowedMethods = o.api.allowedMethods() as unknown as Middleware<S>;
  const end = () => Promise.resolve();
  return (ctx, next) => (ctx.path.startsWith(under) ? o.dispatch(ctx, () => allowedMethods(ctx, end)) : next());
}
