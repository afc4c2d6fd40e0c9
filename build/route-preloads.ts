import path from 'node:path';
import type { Plugin } from 'vite';
import { marketingRouteNames, routes } from '../renderer/routes/table';

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
      for (const name of marketingRouteNames) {
        const file = path.join(root, 'pages', `${routes[name].page}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === file);
        if (!chunk) continue;
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
        walk(chunk.fileName);
        preloads[routes[name].path] = [chunk.fileName, ...chunk.imports, ...css].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
