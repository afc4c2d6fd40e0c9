import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { configEnvKeys, loadConfig } from '../server/config';
import { chartDir, renderChart, type K8sObject } from './helm-chart';

/** Values an operator must give: the database (the chart ships no password). */
const required = { secretEnv: { DATABASE_URL: 'postgres://launchpad:s3cret@db:5432/launchpad' } };
const render = (overrides: Record<string, unknown> = {}, existing?: K8sObject[]) => renderChart({ ...required, ...overrides }, { existing }).objects;
const find = (objects: K8sObject[], kind: string) => objects.find((o) => o.kind === kind);
const chart = yaml.load(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as { appVersion: string };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- manifests are checked field by field below
const podSpec = (objects: K8sObject[]): Json => (find(objects, 'Deployment') as Json).spec.template.spec;
const container = (objects: K8sObject[]): Json => podSpec(objects).containers[0];

/** The Kubernetes API's own schema for an object (kubernetes-models), as the API server would check it. */
const models: Record<string, Record<string, unknown>> = { v1: coreV1, 'apps/v1': appsV1, 'autoscaling/v2': autoscalingV2, 'batch/v1': batchV1, 'networking.k8s.io/v1': networkingV1, 'policy/v1': policyV1 };
function validateAgainstKubernetes(o: K8sObject): void {
  const Model = models[o.apiVersion]?.[o.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) throw new Error(`no Kubernetes model for ${o.apiVersion} ${o.kind}`);
  new Model(o).validate();
}

const everything = {
  autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
  networkPolicy: { enabled: true, ingressFrom: [{ namespaceSelector: {} }] },
  metrics: { enabled: true, serviceMonitor: { enabled: true, interval: '30s', labels: {} } },
};

describe('the Helm chart', () => {
  it('renders, with every option on, objects the Kubernetes API schemas accept', () => {
    for (const values of [{}, everything, { existingSecret: 'lp-own', ingress: { enabled: false } }]) {
      for (const o of render(values).filter((x) => x.kind !== 'ServiceMonitor')) validateAgainstKubernetes(o);
    }
    const monitor = find(render(everything), 'ServiceMonitor') as Json;
    expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(monitor.spec.endpoints[0]).toMatchObject({ port: 'http', path: '/metrics', authorization: { credentials: { key: 'METRICS_TOKEN' } } });
  });

  it('requires DATABASE_URL (no change-me default), or takes every secret from existingSecret', () => {
    expect(JSON.stringify(yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')))).not.toContain('change-me');
    expect(() => renderChart({})).toThrow(/secretEnv.DATABASE_URL is required/);
    expect(() => renderChart({ secretEnv: { DATABASE_URL: 'mysql://u:p@db/x' } })).toThrow(/values.schema.json/);
    const own = render({ existingSecret: 'lp-own', secretEnv: { DATABASE_URL: '' } });
    expect(find(own, 'Secret')).toBeUndefined();
    expect(container(own).envFrom).toContainEqual({ secretRef: { name: 'lp-own' } });
    expect(podSpec(own).initContainers[0].envFrom).toContainEqual({ secretRef: { name: 'lp-own' } });
  });

  it('generates the metrics token once and keeps the one the cluster holds on upgrade', () => {
    const first = (find(render(everything), 'Secret') as Json).stringData.METRICS_TOKEN as string;
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    const installed = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'lp-launchpad' }, data: { METRICS_TOKEN: Buffer.from(first).toString('base64') } };
    expect((find(render(everything, [installed]), 'Secret') as Json).stringData.METRICS_TOKEN).toBe(first);
  });

  it('owns its ConfigMap and Secret (no hooks) and rolls the pods when either changes', () => {
    const objects = render();
    for (const o of objects) expect(Object.keys(o.metadata.annotations ?? {}).filter((k) => k.startsWith('helm.sh/hook'))).toEqual([]);
    const annotations = (find(objects, 'Deployment') as Json).spec.template.metadata.annotations;
    const digest = (kind: string, values = {}) => createHash('sha256').update(yaml.dump(find(render(values), kind))).digest('hex');
    expect(annotations['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
    expect(annotations['checksum/secret']).toMatch(/^[0-9a-f]{64}$/);
    const changed = (find(render({ env: { LOG_LEVEL: 'debug' } }), 'Deployment') as Json).spec.template.metadata.annotations;
    expect(changed['checksum/config']).not.toBe(annotations['checksum/config']);
    expect(changed['checksum/secret']).toBe(annotations['checksum/secret']);
    expect(digest('ConfigMap')).not.toBe(digest('ConfigMap', { env: { LOG_LEVEL: 'debug' } }));
  });

  it('runs as a numeric non-root user on a read-only root with a writable /tmp, no capabilities, RuntimeDefault seccomp', () => {
    const objects = render();
    const pod = podSpec(objects);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    for (const c of [...pod.initContainers, ...pod.containers]) {
      expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
    }
    expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: {} });
  });

  it('keeps replicas up through disruptions: PDB, topology spread, optional HPA, startup probe, probe timeouts, preStop', () => {
    const objects = render();
    expect((find(objects, 'PodDisruptionBudget') as Json).spec).toMatchObject({ maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/instance': 'lp' } } });
    const spread = podSpec(objects).topologySpreadConstraints as Json[];
    expect(spread.map((s) => s.topologyKey)).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    expect(spread[0]?.labelSelector.matchLabels['app.kubernetes.io/name']).toBe('launchpad');
    expect(find(objects, 'HorizontalPodAutoscaler')).toBeUndefined();
    const scaled = render(everything);
    expect((find(scaled, 'HorizontalPodAutoscaler') as Json).spec).toMatchObject({ minReplicas: 2, maxReplicas: 5 });
    expect((find(scaled, 'Deployment') as Json).spec.replicas).toBeUndefined();
    const c = container(objects);
    expect(c.startupProbe.httpGet.path).toBe('/readyz');
    for (const probe of [c.startupProbe, c.readinessProbe, c.livenessProbe]) expect(probe.timeoutSeconds).toBeGreaterThan(1);
    expect(c.lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
    expect(podSpec(objects).terminationGracePeriodSeconds).toBeGreaterThan(5 + 10);
  });

  it('pins the image to the chart appVersion, not latest', () => {
    const c = container(render());
    expect(c.image).toBe(`launchpad:${chart.appVersion}`);
    expect(container(render({ image: { repository: 'r/lp', tag: '1.2.3', pullPolicy: 'IfNotPresent' } })).image).toBe('r/lp:1.2.3');
    expect(() => render({ image: { repository: 'r/lp', tag: 'latest', pullPolicy: 'IfNotPresent' } })).toThrow(/values.schema.json/);
  });

  it('runs under its own ServiceAccount without a mounted API token', () => {
    const objects = render();
    const account = find(objects, 'ServiceAccount') as Json;
    expect(account.automountServiceAccountToken).toBe(false);
    expect(podSpec(objects)).toMatchObject({ serviceAccountName: account.metadata.name, automountServiceAccountToken: false });
  });

  it('adds a NetworkPolicy and a ServiceMonitor only when asked', () => {
    expect(render().map((o) => o.kind)).not.toEqual(expect.arrayContaining(['NetworkPolicy']));
    expect(render().map((o) => o.kind)).not.toContain('ServiceMonitor');
    const kinds = render(everything).map((o) => o.kind);
    expect(kinds).toEqual(expect.arrayContaining(['NetworkPolicy', 'ServiceMonitor', 'HorizontalPodAutoscaler']));
    expect((find(render(everything), 'ConfigMap') as Json).data.METRICS_ENABLED).toBe('true');
  });

  it('labels every object the standard way and ships _helpers.tpl, NOTES.txt and values.schema.json', () => {
    for (const o of render(everything)) {
      expect(o.metadata.labels).toMatchObject({
        'app.kubernetes.io/name': 'launchpad',
        'app.kubernetes.io/instance': 'lp',
        'app.kubernetes.io/version': chart.appVersion,
        'app.kubernetes.io/managed-by': 'Helm',
        'helm.sh/chart': expect.stringMatching(/^launchpad-\d/),
      });
    }
    for (const f of ['templates/_helpers.tpl', 'templates/NOTES.txt', 'values.schema.json']) expect(fs.existsSync(path.join(chartDir, f))).toBe(true);
    expect(renderChart(required).notes).toContain('kubectl rollout status deployment/lp-launchpad');
    expect(() => render({ replicaCount: 'two' })).toThrow(/values.schema.json/);
  });

  it('listens on the configured PORT and migrates with the compiled server (no tsx)', () => {
    const objects = render({ env: { HOST: '0.0.0.0', PORT: '8080' } });
    expect(container(objects).ports).toEqual([{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    const text = JSON.stringify(objects);
    expect(text).not.toContain('tsx');
    expect(podSpec(objects).initContainers[0].command).toEqual(['node', 'dist/server/migrate.mjs']);
    expect(fs.readFileSync(path.join(chartDir, '../../../scripts/server-bundle.mjs'), 'utf8')).toContain("migrate: 'server/db/migrate-cli.ts'");
  });

  it('passes Launchpad only variables it knows, and a configuration it accepts', () => {
    const objects = render();
    const env = { ...(find(objects, 'ConfigMap') as Json).data, ...(find(objects, 'Secret') as Json).stringData };
    expect(Object.keys(env).filter((k) => !configEnvKeys.includes(k))).toEqual([]);
    // Empty secrets are left out rather than set to "", which would fail validation.
    expect(env).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ ...env, HETZNER_API_TOKEN: 'x', CIVO_API_KEY: 'y' })).not.toThrow();
  });
});
