import type Router from '@koa/router';

export interface RouteEntry {
  /** the name given at registration (`router.get('name', path, …)`); undefined for an unnamed route */
  name: string | undefined;
  /** upper-case methods, HEAD left out (Koa answers it for every GET) */
  methods: string[];
  /** the Koa path with its prefix, e.g. `/api/deployments/:id` */
  path: string;
}

/** Every route the routers answer, read from their layer stacks (middleware-only layers have no methods). */
export function routeTable<S>(routers: readonly Router<S>[]): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      const methods = layer.methods.filter((m) => m !== 'HEAD');
      if (methods.length === 0) continue;
      entries.push({ name: layer.name ?? undefined, methods, path: String(layer.path) });
    }
  }
  return entries;
}

/** `/api/deployments/:id` → `/api/deployments/{id}` (OpenAPI's path template). */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
