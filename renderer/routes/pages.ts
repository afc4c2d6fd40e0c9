import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ResolvedRoute } from './resolve';
import { type RouteName, routeNames, routes } from './table';

/** Every page receives the resolved route: params, query, hash, preselection and whether it is the public view. */
export interface PageProps {
  route: ResolvedRoute;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

// Each page module is its own chunk, fetched on first use; the table names the module.
const loaders: Record<string, Loader> = import.meta.glob<{ default: ComponentType<PageProps> }>('../pages/**/*Page.tsx');

// One lazy component per module, so /home and /admin share the Command Center's chunk and state.
const byModule = new Map<string, PageComponent>();
function lazyOnce(module: string): PageComponent {
  let component = byModule.get(module);
  if (!component) {
    const load = loaders[`../pages/${module}.tsx`];
    if (!load) throw new Error(`The route table names a page that does not exist: renderer/pages/${module}.tsx`);
    byModule.set(module, (component = lazy(load)));
  }
  return component;
}

/** The lazily loaded page of every route. */
export const pageComponents = Object.fromEntries(routeNames.map((name) => [name, lazyOnce(routes[name].page)])) as Record<RouteName, PageComponent>;

/** Fetches a page's module ahead of its first render (the same request its lazy component makes, made once). */
export function preloadPage(name: RouteName): void {
  void loaders[`../pages/${routes[name].page}.tsx`]?.().catch(() => undefined);
}
