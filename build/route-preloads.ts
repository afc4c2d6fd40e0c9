import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { marketingRouteNames, routeMeta } from '../renderer/routes/meta';

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
      const table = fs.readFileSync(path.join(root, 'routes/table.tsx'), 'utf8');
      const moduleOf = new Map<string, string>();
      for (const m of table.matchAll(/^\s*'?([a-z-]+)'?:\s*\{\s*load: \(\) => import\('\.\.\/(pages\/marketing\/[A-Za-z]+)'\)/gm)) {
        if (m[1] && m[2]) moduleOf.set(m[1], path.join(root, `${m[2]}.tsx`));
      }
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const preloads: Record<string, string[]> = {};
      for (const name of marketingRouteNames) {
        const file = moduleOf.get(name);
        const chunk = chunks.find((c) => c.facadeModuleId === file);
        if (!chunk) continue;
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        preloads[routeMeta[name].path] = [chunk.fileName, ...chunk.imports, ...css].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
