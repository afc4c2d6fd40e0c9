import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { configEnvKeys, loadConfig } from '../server/config';
import { renderHelmTemplate } from './helm-render';

const root = path.resolve(import.meta.dirname, '..');
const chartDir = path.join(root, 'deploy/helm/launchpad');

interface K8sObject {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

function renderChart(values: Record<string, unknown>): K8sObject[] {
  const scope = { Values: values, Release: { Name: 'lp' }, Chart: yaml.load(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) };
  return fs
    .readdirSync(path.join(chartDir, 'templates'))
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => yaml.loadAll(renderHelmTemplate(fs.readFileSync(path.join(chartDir, 'templates', f), 'utf8'), scope)) as K8sObject[])
    .filter(Boolean);
}

const defaults = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Record<string, unknown>;

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

  it('the chart renders a Deployment, Service, WebSocket-ready Ingress, a migration hook and its config', () => {
    const objects = renderChart(defaults);
    const byKind = Object.fromEntries(objects.map((o) => [o.kind, o]));
    expect(Object.keys(byKind).sort()).toEqual(['ConfigMap', 'Deployment', 'Ingress', 'Job', 'Secret', 'Service']);
    expect(byKind.Deployment?.spec?.replicas).toBe(2);
    expect(byKind.Ingress?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('3600');
    expect(byKind.Job?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const job = JSON.stringify(byKind.Job);
    expect(job).toContain('server/db/migrate-cli.ts');
    expect(fs.existsSync(path.join(root, 'server/db/migrate-cli.ts'))).toBe(true);

    const env = { ...byKind.ConfigMap?.data, ...byKind.Secret?.stringData };
    expect(Object.keys(env).filter((k) => !configEnvKeys.includes(k))).toEqual([]);
    // Empty secrets are left out rather than set to "", which would fail validation.
    expect(env).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ ...env, HETZNER_API_TOKEN: 'x', CIVO_API_KEY: 'y' })).not.toThrow();
  });

  it('mounts shared identity keys only when given, and leaves out the Ingress when disabled', () => {
    const withKeys = renderChart({ ...defaults, identityKeys: '{"signing":[],"cookies":["k"]}', ingress: { ...(defaults.ingress as object), enabled: false } });
    expect(withKeys.map((o) => o.kind)).not.toContain('Ingress');
    const deployment = JSON.stringify(withKeys.find((o) => o.kind === 'Deployment'));
    expect(deployment).toContain('/data/identity-keys.json');
    expect(JSON.stringify(renderChart(defaults).find((o) => o.kind === 'Deployment'))).not.toContain('identity-keys');
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
