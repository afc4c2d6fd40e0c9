import { dump, load } from 'js-yaml';
import { gzip, ungzip } from 'pako';
import type { AgentConfig, ModelClass } from '../api/agents';

/** What an installation's `/import-agent?config=` route reads (interop.md, public-site 3). */
export interface ImportPayload {
  organization_id: string;
  global: boolean;
  /** the agent configuration serialised as YAML */
  yaml_config: string;
  model_classes: ModelClass[];
}

/** Wraps an agent configuration for import: no organisation, not global (public-site 3). */
export function buildImportPayload(config: AgentConfig, modelClasses: ModelClass[]): ImportPayload {
  return {
    organization_id: '',
    global: false,
    yaml_config: dump(config, { lineWidth: -1, noRefs: true }),
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
 * The payload as YAML (installations parse YAML and accept JSON; YAML keeps `yaml_config` a
 * readable block), gzipped, standard base64. The caller URL-encodes it.
 */
export function encodeImportConfig(payload: ImportPayload): string {
  const text = dump(payload, { lineWidth: -1, noRefs: true });
  return bytesToBase64(gzip(new TextEncoder().encode(text)));
}

/** Exactly what an installation does with the `config` query value: atob(decodeURIComponent) → gunzip → YAML. */
export function decodeImportConfig(value: string): ImportPayload {
  const text = new TextDecoder().decode(ungzip(base64ToBytes(decodeURIComponent(value))));
  const parsed = load(text);
  if (!isImportPayload(parsed)) throw new Error('Import config is missing yaml_config or model_classes');
  return parsed;
}

function isImportPayload(value: unknown): value is ImportPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.yaml_config === 'string' && Array.isArray(v.model_classes);
}

/** `https://host/import-agent?config=…` for a target installation; a trailing slash on the base is dropped. */
export function importAgentUrl(base: string, config: AgentConfig, modelClasses: ModelClass[]): string {
  const encoded = encodeImportConfig(buildImportPayload(config, modelClasses));
  return `${base.replace(/\/+$/, '')}/import-agent?config=${encodeURIComponent(encoded)}`;
}
