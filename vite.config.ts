import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';

const api = process.env.LAUNCHPAD_API ?? 'http://localhost:3000';

// `npm run build` builds twice: the browser's renderer (dist/renderer), then with `--ssr` the
// server's rendering of the marketing pages (dist/ssr/entry-server.js, read by server/http/marketing-pages.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'renderer',
  plugins: isSsrBuild ? [react()] : [react(), precompress(), routePreloads()],
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, sourcemap: true }
    : {
        outDir: '../dist/renderer',
        // Country flags stay files (fetched by the Ping Dashboard's <img>s for the rows on screen), not data URIs in its chunk.
        assetsInlineLimit: (file: string) => (file.includes('country-flag-icons') ? false : undefined),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          output: {
            // Keep the validation library and the API client out of the chunk the first paint needs
            // (route resolution), which the bundler would otherwise merge them into.
            codeSplitting: {
              groups: [
                // The price list is read at start (main.tsx) and shared with the API contract: kept out of the API chunk.
                { name: 'prices', test: /[\\/]shared[\\/](licenses[\\/](pricing|vocabulary)|page-data)\.ts/, priority: 4 },
                { name: 'routes', test: /[\\/](shared[\\/]brand\.ts|renderer[\\/]routes[\\/])/, priority: 3 },
                // with the setting that keeps it from trying eval, which must run before any schema is built
                { name: 'zod', test: /node_modules[\\/]zod[\\/]|renderer[\\/]app[\\/]zod-without-eval\.ts/, priority: 2 },
                { name: 'api', test: /[\\/](renderer|shared)[\\/]api[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
  // `npm run dev:renderer` serves the renderer with hot reload and sends server paths to the API.
  server: { proxy: Object.fromEntries(['/api', '/oidc', '/idp'].map((p) => [p, { target: api, ws: p === '/api' }])) },
}));
