import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { z } from 'zod';
import { createEngine } from './helm-render';

export const chartDir = path.resolve(import.meta.dirname, 'helm/launchpad');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Helm's merge of `--set`/`-f` values over values.yaml: maps merge, everything else replaces. */
function mergeValues(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = mergeValues(base[k], v);
  return out;
}

export const defaultValues = () => yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Record<string, unknown>;

/**
 * `helm template` for this chart without the helm binary: values.yaml merged with `overrides`,
 * checked against values.schema.json (when the chart has one) as Helm does, then every template
 * rendered with deploy/helm-render.ts. Returns the manifests and the rendered NOTES.txt.
 */
export interface RenderOptions {
  release?: { name: string; namespace: string };
  /** what the cluster holds, for `lookup` (nothing, as in `helm template`, when left out) */
  existing?: K8sObject[];
  dir?: string;
}

export function renderChart(overrides: Record<string, unknown> = {}, opts: RenderOptions = {}): { objects: K8sObject[]; notes: string } {
  const { release = { name: 'lp', namespace: 'default' }, existing = [], dir = chartDir } = opts;
  const meta = yaml.load(fs.readFileSync(path.join(dir, 'Chart.yaml'), 'utf8')) as { name: string; version: string; appVersion?: string };
  const values = mergeValues(yaml.load(fs.readFileSync(path.join(dir, 'values.yaml'), 'utf8')), overrides) as Record<string, unknown>;
  const schemaFile = path.join(dir, 'values.schema.json');
  if (fs.existsSync(schemaFile)) {
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as Parameters<typeof z.fromJSONSchema>[0];
    const checked = z.fromJSONSchema(schema).safeParse(values);
    if (!checked.success) throw new Error(`values don't meet values.schema.json: ${z.prettifyError(checked.error)}`);
  }
  const root = {
    Values: values,
    Release: { Name: release.name, Namespace: release.namespace, Service: 'Helm', IsInstall: true },
    Chart: { Name: meta.name, Version: meta.version, AppVersion: meta.appVersion },
    Template: { BasePath: `${meta.name}/templates` },
  };
  const engine = createEngine({
    root,
    lookup: (apiVersion, kind, _namespace, name) => existing.find((o) => o.apiVersion === apiVersion && o.kind === kind && o.metadata.name === name),
  });
  const templatesDir = path.join(dir, 'templates');
  const files = fs.readdirSync(templatesDir).sort();
  for (const f of files) {
    const text = fs.readFileSync(path.join(templatesDir, f), 'utf8');
    if (f.startsWith('_')) engine.define(text);
    else engine.defineFile(`${meta.name}/templates/${f}`, text);
  }
  const objects = files
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .flatMap((f) => yaml.loadAll(engine.render(fs.readFileSync(path.join(templatesDir, f), 'utf8'), root)) as K8sObject[])
    .filter(Boolean);
  const notesFile = path.join(templatesDir, 'NOTES.txt');
  const notes = fs.existsSync(notesFile) ? engine.render(fs.readFileSync(notesFile, 'utf8'), root) : '';
  return { objects, notes };
}
