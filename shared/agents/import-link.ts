import { dump, load } from 'js-yaml';
import { gzip, ungzip } from 'pako';
import { z } from 'zod';
import { agentConfig, modelClass, type AgentConfig, type ModelClass } from '../api/agents';

/** What an installation's `/import-agent?config=` route reads (interop.md, public-site 3). */
export interface ImportPayload {
  organization_id: string;
  global: boolean;
  /**
   * The AIApp document itself, nested as a mapping (interop.md): the import page reads
   * `yaml_config.metadata.name` and the installation's API declares `map[string]interface{}`,
   * so a string holding YAML would create an empty, unnamed agent.
   */
  yaml_config: AgentConfig;
  model_classes: ModelClass[];
}

/**
 * The configuration named by its display name where the platform reads it: the installation replaces
 * `spec.name` with `metadata.name` (api/pkg/config/yaml_processor.go) and its import page shows
 * `metadata.name`, so a slug there ("financial-research-analyst") becomes the agent's name. Nothing
 * on the import path uses the name as an id: the installation generates the agent's id and adds
 * " (1)", " (2)" to a name the user already has.
 */
export function withDisplayName(config: AgentConfig): AgentConfig {
  return { ...config, metadata: { ...config.metadata, name: config.spec.name } };
}

/** Wraps an agent configuration for import: no organisation, not global (public-site 3), named by its display name. */
export function buildImportPayload(config: AgentConfig, modelClasses: ModelClass[]): ImportPayload {
  return {
    organization_id: '',
    global: false,
    yaml_config: withDisplayName(config),
    model_classes: modelClasses,
  };
}

// btoa takes a "binary string"; building it in chunks keeps large payloads clear of the
// argument-count limit of String.fromCharCode.apply while staying Buffer-free for the browser.
const chunkSize = 0x8000;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += chunkSize) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunkSize));
  }
  return btoa(binary);
}

function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The payload as one YAML document (installations parse YAML and accept JSON), `yaml_config`
 * nested in it as a mapping, gzipped, standard base64. The caller URL-encodes it.
 */
export function encodeImportConfig(payload: ImportPayload): string {
  const text = dump(payload, { lineWidth: -1, noRefs: true });
  return bytesToBase64(gzip(new TextEncoder().encode(text)));
}

/** Exactly what an installation does with the `config` query value: atob(decodeURIComponent) → gunzip → YAML. */
export function decodeImportConfig(value: string): ImportPayload {
  const text = new TextDecoder().decode(ungzip(base64ToBytes(decodeURIComponent(value))));
  const parsed = load(text);
  if (!isRecord(parsed) || !isRecord(parsed.yaml_config) || !Array.isArray(parsed.model_classes)) {
    throw new Error('Import config is missing yaml_config (a mapping) or model_classes');
  }
  return {
    organization_id: typeof parsed.organization_id === 'string' ? parsed.organization_id : '',
    global: parsed.global === true,
    yaml_config: agentConfig.parse(parsed.yaml_config),
    model_classes: z.array(modelClass).parse(parsed.model_classes),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `https://host/import-agent?config=…` for a target installation; a trailing slash on the base is dropped. */
export function importAgentUrl(base: string, config: AgentConfig, modelClasses: ModelClass[]): string {
  const encoded = encodeImportConfig(buildImportPayload(config, modelClasses));
  return `${base.replace(/\/+$/, '')}/import-agent?config=${encodeURIComponent(encoded)}`;
}
