import { gunzipSync, gzipSync } from 'node:zlib';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { agentConfig, type AgentConfig, type ModelClass } from '../api/agents';
import { buildImportPayload, decodeImportConfig, encodeImportConfig, importAgentUrl } from './import-link';

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

const classes: ModelClass[] = [{ name: 'small-chat', alternatives: [{ provider: 'openai', model: 'llama3.1:8b-instruct-q8_0' }, { provider: 'togetherai', model: 'meta-llama/Llama-3.1-8B-Instruct' }] }];

/** What an installation does with the link, step by step (interop.md), independent of our decoder. */
function installationReads(url: string): Record<string, unknown> {
  const value = new URL(url).searchParams.get('config');
  if (value === null) throw new Error('no config parameter');
  // URLSearchParams already percent-decodes once; the installation decodes the raw value itself.
  const raw = url.slice(url.indexOf('config=') + 'config='.length);
  expect(decodeURIComponent(raw)).toBe(value);
  const binary = atob(decodeURIComponent(raw));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return load(gunzipSync(bytes).toString('utf8')) as Record<string, unknown>;
}

describe('agent import links', () => {
  it('wraps the configuration with no organisation, not global, and the model classes', () => {
    const payload = buildImportPayload(config('Be precise.'), classes);
    expect(payload.organization_id).toBe('');
    expect(payload.global).toBe(false);
    expect(payload.model_classes).toEqual(classes);
    expect(agentConfig.parse(load(payload.yaml_config))).toEqual(config('Be precise.'));
    expect(payload.yaml_config).toContain('kind: AIApp');
    expect(load(payload.yaml_config)).not.toHaveProperty('helix');
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
    const read = installationReads(url);
    expect(read.organization_id).toBe('');
    expect(read.global).toBe(false);
    expect(read.model_classes).toEqual(classes);
    expect(agentConfig.parse(load(read.yaml_config as string))).toEqual(config(prompt, `Agent ${prompt.slice(0, 6)}`));
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
    const read = installationReads(`https://x.example/import-agent?config=${encodeURIComponent(encoded)}`);
    expect(agentConfig.parse(load(read.yaml_config as string))).toEqual(big);
    expect(decodeImportConfig(encodeURIComponent(encoded))).toEqual(buildImportPayload(big, classes));
  });

  it('encodes as standard base64 (not URL-safe) so the link must be percent-encoded', () => {
    const encoded = encodeImportConfig(buildImportPayload(config('?>>>???~~~'.repeat(50)), classes));
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeImportConfig(encoded).model_classes).toEqual(classes);
  });

  it('refuses a payload without yaml_config or model_classes', () => {
    const bogus = btoa(String.fromCharCode(...gzipText('organization_id: ""\nglobal: false\n')));
    expect(() => decodeImportConfig(bogus)).toThrow(/yaml_config or model_classes/);
  });
});

/** A payload produced by another gzip implementation must decode too. */
function gzipText(text: string): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.from(text, 'utf8')));
}
