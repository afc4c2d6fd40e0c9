import { gzipSync } from 'node:zlib';
import { dump, load } from 'js-yaml';
import { ungzip } from 'pako';
import { describe, expect, it } from 'vitest';
import { agentConfig, type AgentConfig, type ModelClass } from '../api/agents';
import { buildImportPayload, decodeImportConfig, encodeImportConfig, importAgentUrl, withDisplayName } from './import-link';

function config(systemPrompt: string, name = 'Clinical Notes Scribe'): AgentConfig {
  return {
    apiVersion: 'app.aispec.org/v1alpha1',
    kind: 'AIApp',
    metadata: { name: 'clinical-notes-scribe' },
    spec: {
      name,
      description: 'Turns a consultation transcript into structured notes.',
      assistants: [{ name, description: 'Drafts SOAP notes', system_prompt: systemPrompt, agent_type: 'helix_basic', provider: 'openai', model: 'llama3.1:8b-instruct-q8_0' }],
    },
  };
}

const classes: ModelClass[] = [
  {
    name: 'small-chat',
    alternatives: [
      { provider: 'openai', model: 'llama3.1:8b-instruct-q8_0' },
      { provider: 'togetherai', model: 'meta-llama/Llama-3.1-8B-Instruct' },
    ],
  },
];

/**
 * What the platform's import page (frontend/src/pages/ImportAgent.tsx) does with the link, step by
 * step and independent of our decoder: `new URLSearchParams(location.search).get("config")`, then
 * `atob(decodeURIComponent(value))`, then `pako.ungzip`, then YAML parse (the page uses the `yaml`
 * package; js-yaml here reads the same YAML 1.2 documents).
 */
function importPageReads(url: string): Record<string, unknown> {
  const value = new URLSearchParams(new URL(url).search).get('config');
  if (value === null) throw new Error('No agent configuration provided in URL');
  const binary = atob(decodeURIComponent(value));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  // the page uses pako 2's `ungzip(bytes, { to: "string" })` (UTF-8); pako 3 here dropped `to`
  const parsed: unknown = load(new TextDecoder().decode(ungzip(bytes)));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not a mapping');
  return parsed as Record<string, unknown>;
}

/** The page's getAgentName(): `(configData.yaml_config || configData).metadata.name`, else "Unnamed Agent". */
function importPageAgentName(read: Record<string, unknown>): string {
  const yamlConfig = (read.yaml_config || read) as { metadata?: { name?: unknown } };
  return typeof yamlConfig.metadata?.name === 'string' ? yamlConfig.metadata.name : 'Unnamed Agent';
}

/**
 * The installation's POST /api/v1/agents body as the page sends it (JSON), decoded the way its Go
 * handler does: `YamlConfig map[string]interface{}` — a JSON string there fails the structured
 * decode and the request falls back to the legacy (empty) agent format.
 */
function apiAcceptsAsStructured(read: Record<string, unknown>): boolean {
  const body = JSON.parse(JSON.stringify({ organization_id: 'org', global: read.global ?? false, yaml_config: read.yaml_config, model_classes: read.model_classes ?? [] })) as Record<string, unknown>;
  const y = body.yaml_config;
  return typeof y === 'object' && y !== null && !Array.isArray(y);
}

/**
 * The installation's ProcessJSONConfig (api/pkg/config/yaml_processor.go) on `yaml_config`: a
 * top-level "helix" key is refused; a document with apiVersion, kind and spec is a CRD whose
 * spec becomes the agent, and "if metadata.name is set, use it to overwrite spec.Name".
 */
function platformProcessJsonConfig(rawMap: unknown): { name: string; description: string; assistants: { name: string }[] } {
  if (typeof rawMap !== 'object' || rawMap === null) throw new Error('yaml_config is not a map');
  const raw = rawMap as Record<string, unknown>;
  if ('helix' in raw) throw new Error('yaml_config must directly contain AppHelixConfig fields');
  if (!('apiVersion' in raw && 'kind' in raw && 'spec' in raw)) throw new Error('not a CRD');
  const crd = raw as { metadata?: { name?: string }; spec: { name: string; description: string; assistants: { name: string }[] } };
  const spec = { ...crd.spec };
  if (crd.metadata?.name) spec.name = crd.metadata.name;
  return spec;
}

describe('agent import links', () => {
  it('wraps the configuration with no organisation, not global, and the model classes', () => {
    const payload = buildImportPayload(config('Be precise.'), classes);
    expect(payload.organization_id).toBe('');
    expect(payload.global).toBe(false);
    expect(payload.model_classes).toEqual(classes);
    expect(agentConfig.parse(payload.yaml_config)).toEqual(withDisplayName(config('Be precise.')));
    expect(payload.yaml_config).not.toHaveProperty('helix');
  });

  it('import page rule "yaml_config.metadata.name names the agent": yaml_config arrives as a nested mapping with kind, metadata.name and the assistants', () => {
    const url = importAgentUrl('https://app.example.com', config('Be precise.'), classes);
    const read = importPageReads(url);
    expect(typeof read.yaml_config).toBe('object');
    const yamlConfig = read.yaml_config as AgentConfig;
    expect(yamlConfig.kind).toBe('AIApp');
    expect(yamlConfig.apiVersion).toBe('app.aispec.org/v1alpha1');
    expect(yamlConfig.metadata.name).toBe('Clinical Notes Scribe');
    expect(yamlConfig.spec.assistants).toEqual(config('Be precise.').spec.assistants);
    expect(importPageAgentName(read)).toBe('Clinical Notes Scribe');
    expect(read).not.toHaveProperty('helix');
    expect(yamlConfig).not.toHaveProperty('helix');
  });

  it('installation rule "metadata.name overwrites spec.name" (api/pkg/config/yaml_processor.go): the imported agent is named by its display name, not its slug', () => {
    const read = importPageReads(importAgentUrl('https://app.example.com', config('x'), classes));
    const agent = platformProcessJsonConfig(read.yaml_config);
    expect(agent.name).toBe('Clinical Notes Scribe');
    expect(agent.description).toBe('Turns a consultation transcript into structured notes.');
    expect(agent.assistants.map((a) => a.name)).toEqual(['Clinical Notes Scribe']);
  });

  it('installation API rule "YamlConfig map[string]interface{}": the body the page posts decodes as the structured format', () => {
    const read = importPageReads(importAgentUrl('https://app.example.com', config('x'), classes));
    expect(apiAcceptsAsStructured(read)).toBe(true);
    expect(read.model_classes).toEqual(classes);
    // the old link (yaml_config as a string holding YAML) is exactly what the API would not accept
    const legacy = { organization_id: '', global: false, yaml_config: dump(config('x')), model_classes: classes };
    expect(apiAcceptsAsStructured(legacy)).toBe(false);
    expect(importPageAgentName(legacy)).toBe('Unnamed Agent');
  });

  it.each([
    ['https://app.example.com', 'https://app.example.com/import-agent?config='],
    ['https://app.example.com/', 'https://app.example.com/import-agent?config='],
    ['http://localhost:8080//', 'http://localhost:8080/import-agent?config='],
    ['https://10-0-0-1.cluster.example.com/', 'https://10-0-0-1.cluster.example.com/import-agent?config='],
  ])('targets %s at the import-agent path', (base, prefix) => {
    expect(importAgentUrl(base, config('x'), classes).startsWith(prefix)).toBe(true);
  });

  it.each([
    ['plain text', 'You summarise earnings calls. Quote figures exactly.'],
    ['unicode text', 'Réponds en français, 日本語も可 — 患者の記録 ✓ 💊 «citations»'],
    ['YAML-looking text', 'key: value\n- list item\n# not a comment\n"quoted" and \'single\'\n---\n'],
  ])('an installation reads back %s', (_label, prompt) => {
    const url = importAgentUrl('https://app.example.com/', config(prompt, `Agent ${prompt.slice(0, 6)}`), classes);
    const read = importPageReads(url);
    expect(read.organization_id).toBe('');
    expect(read.global).toBe(false);
    expect(read.model_classes).toEqual(classes);
    expect(agentConfig.parse(read.yaml_config)).toEqual(withDisplayName(config(prompt, `Agent ${prompt.slice(0, 6)}`)));
  });

  it('carries a large configuration (beyond one encoding chunk) intact', () => {
    // pseudo-random words so gzip cannot shrink it below the 32 KiB chunk boundary
    let seed = 7;
    const words: string[] = [];
    for (let i = 0; i < 40_000; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      words.push(seed.toString(36));
    }
    const big = config(words.join(' ') + ' ünïcödé ✓');
    const encoded = encodeImportConfig(buildImportPayload(big, classes));
    expect(encoded.length).toBeGreaterThan(4 * 0x8000);
    const read = importPageReads(`https://x.example/import-agent?config=${encodeURIComponent(encoded)}`);
    expect(agentConfig.parse(read.yaml_config)).toEqual(withDisplayName(big));
    expect(decodeImportConfig(encodeURIComponent(encoded))).toEqual(buildImportPayload(big, classes));
  });

  it('encodes as standard base64 (not URL-safe) so the link must be percent-encoded', () => {
    const encoded = encodeImportConfig(buildImportPayload(config('?>>>???~~~'.repeat(50)), classes));
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeImportConfig(encoded).model_classes).toEqual(classes);
  });

  it('refuses a payload without yaml_config or model_classes', () => {
    const bogus = btoa(String.fromCharCode(...gzipText('organization_id: ""\nglobal: false\n')));
    expect(() => decodeImportConfig(bogus)).toThrow(/yaml_config \(a mapping\) or model_classes/);
    const stringConfig = btoa(String.fromCharCode(...gzipText('yaml_config: "kind: AIApp"\nmodel_classes: []\n')));
    expect(() => decodeImportConfig(stringConfig)).toThrow(/yaml_config \(a mapping\)/);
  });
});

/** A payload produced by another gzip implementation must decode too. */
function gzipText(text: string): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.from(text, 'utf8')));
}
