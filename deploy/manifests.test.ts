import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { configEnvKeys, loadConfig } from '../server/config';

const root = path.resolve(import.meta.dirname, '..');

describe('deployment manifests', () => {
  it('the compose file runs two replicas on PostgreSQL behind a proxy with a configuration Launchpad accepts', () => {
    const compose = yaml.load(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string>; deploy?: { replicas: number }; build?: string }>;
    };
    const app = compose.services.launchpad;
    expect(app?.deploy?.replicas).toBe(2);
    expect(Object.keys(compose.services).sort()).toEqual(['launchpad', 'postgres', 'proxy']);
    // Compose's `${NAME:-default}` as it reads it with NAME unset.
    const env = Object.fromEntries(Object.entries(app?.environment ?? {}).map(([k, v]) => [k, v.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));
    expect(env.DEV_USERS, 'production starts no accounts unless DEV_USERS asks').toMatch(/:admin$/);
    expect(Object.keys(env).filter((k) => !configEnvKeys.includes(k))).toEqual([]);
    expect(loadConfig(env).databaseUrl).toMatch(/^postgres:\/\//);
  });

  it('the Dockerfile builds the renderer and starts the server the README describes', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM node:20-bookworm AS build$/m);
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toContain('CMD ["node", "dist/server/main.mjs"]');
    expect(dockerfile).toContain('COPY --from=build /app/dist/server ./dist/server');
    expect(dockerfile).toContain('/readyz');
    // Builds without BuildKit's frontend image, without Electron's binary or Node's headers from the network.
    expect(dockerfile).not.toMatch(/^# syntax=/m);
    expect(dockerfile).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD=1');
    expect(dockerfile).toContain('npm ci --ignore-scripts');
    expect(dockerfile).toContain('npm_config_nodedir=/usr/local');
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK .*process\.env\.PORT/);
  });
});
