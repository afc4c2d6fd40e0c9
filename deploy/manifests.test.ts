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
    const env = app?.environment ?? {};
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
  });
});
