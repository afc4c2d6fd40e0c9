import path from 'node:path';
import type { Plugin } from 'vite';
import { routes, serverRenderedRouteNames } from '../renderer/routes/table';

/** Written next to index.html: for each marketing path, the page's chunk, its imports and its CSS. */
export const routePreloadsFile = 'route-preloads.json';

/**
 * A marketing page's own chunk is requested only after the entry chunk has run (route-level code
 * splitting), which under a slow CPU costs its first paint a round of waiting. This records, per
 * path, what that page needs, so the server can announce it with a `Link` header on index.html
 * and the browser fetches it alongside the entry chunk.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'launchpad-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const preloads: Record<string, string[]> = {};
      // A server-rendered app page also paints inside the app shell, a chunk of its own.
      const appShell = chunks.find((c) => c.facadeModuleId === path.join(root, 'shell', 'AppShell.tsx'));
      for (const name of serverRenderedRouteNames) {
        const file = path.join(root, 'pages', `${routes[name].page}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === file);
        if (!chunk) continue;
        const own = routes[name].shell === 'app' && appShell ? [chunk, appShell] : [chunk];
        // A page's CSS may hang on a chunk it imports (the bundler moves shared code out): walk them all.
        const css = new Set<string>();
        const seen = new Set<string>();
        const walk = (fileName: string) => {
          const c = chunks.find((x) => x.fileName === fileName);
          if (!c || seen.has(fileName)) return;
          seen.add(fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          c.imports.forEach(walk);
        };
        own.forEach((c) => walk(c.fileName));
        preloads[routes[name].path] = [...new Set([...own.flatMap((c) => [c.fileName, ...c.imports]), ...css])].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
