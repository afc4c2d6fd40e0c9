import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may; to find out, it tries once per
 * object schema built, which the Content-Security-Policy (script-src 'self',
 * server/http/security-headers.ts) refuses and the browser reports as a violation on every page
 * (Lighthouse's best practices). The policy never allows it, so zod is told not to try. Set before
 * any schema is built: main.tsx imports this first and the build puts it in zod's own chunk
 * (vite.config.ts), which runs before any chunk that builds schemas.
 */
config({ jitless: true });
