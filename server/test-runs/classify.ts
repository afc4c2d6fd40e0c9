import type { ArtifactFileType } from '../../shared/api/test-runs';

export interface Classified {
  fileType: ArtifactFileType;
  /** an LLM conversation log: the platform's CI names them `*conversation*.txt` */
  conversationLog: boolean;
  /** what the file is served as; only real images get an image type, nothing is ever HTML */
  contentType: string;
}

export const textContentType = 'text/plain; charset=utf-8';
export const downloadContentType = 'application/octet-stream';

const textExtensions = new Set(['log', 'txt']);

/** Image types a screenshot may have, each recognised by its first bytes (never by name alone). */
const imageTypes: { extensions: string[]; contentType: string; matches(head: Uint8Array): boolean }[] = [
  { extensions: ['png'], contentType: 'image/png', matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { extensions: ['gif'], contentType: 'image/gif', matches: (h) => ascii(h, 0, 6) === 'GIF87a' || ascii(h, 0, 6) === 'GIF89a' },
  { extensions: ['webp'], contentType: 'image/webp', matches: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP' },
];

function startsWith(head: Uint8Array, bytes: number[]): boolean {
  return bytes.every((b, i) => head[i] === b);
}
function ascii(head: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...head.subarray(from, to));
}

export function extensionOf(filename: string): string {
  const base = baseName(filename);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function baseName(filename: string): string {
  return filename.slice(filename.lastIndexOf('/') + 1);
}

export const isTextLog = (filename: string) => textExtensions.has(extensionOf(filename));
export const isConversationLog = (filename: string) => isTextLog(filename) && /conversation/i.test(baseName(filename));

/** log / screenshot / other, from the name and, for images, the file's first bytes. */
export function classify(filename: string, head: Uint8Array): Classified {
  const ext = extensionOf(filename);
  const image = imageTypes.find((t) => t.extensions.includes(ext));
  if (image) {
    // A file named .png that is not a PNG is just a download.
    return image.matches(head) ? { fileType: 'screenshot', conversationLog: false, contentType: image.contentType } : { fileType: 'other', conversationLog: false, contentType: downloadContentType };
  }
  if (textExtensions.has(ext)) return { fileType: 'log', conversationLog: isConversationLog(filename), contentType: textContentType };
  return { fileType: 'other', conversationLog: false, contentType: downloadContentType };
}

/** Names that say "this is the test's own output", best first. */
const mainLogNames = [/^test[_-]?output\.log$/i, /^(test|output|console|run)\.log$/i, /test|output/i];

/**
 * Which file's text becomes the run's `log_content`: among text logs that are not conversation
 * logs, a `.log` whose name says it is the test output, else the largest `.log`, else the largest
 * `.txt`. Chosen from names and sizes only, before anything is decompressed.
 */
export function pickMainLog(files: readonly { path: string; size: number }[]): number | undefined {
  const candidates = files.map((f, index) => ({ ...f, index })).filter((f) => isTextLog(f.path) && !isConversationLog(f.path));
  const logs = candidates.filter((f) => extensionOf(f.path) === 'log');
  for (const pattern of mainLogNames) {
    const named = logs.find((f) => pattern.test(baseName(f.path)));
    if (named) return named.index;
  }
  const largest = (list: typeof candidates) => list.reduce<(typeof candidates)[number] | undefined>((best, f) => (!best || f.size > best.size ? f : best), undefined);
  return (largest(logs) ?? largest(candidates))?.index;
}

/**
 * The zip's paths without the folder every file shares (the CI zips its results folder), so the
 * dashboard shows `screenshots/01.png` rather than `helix-oauth-test-results/screenshots/01.png`.
 */
export function stripCommonFolder(paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  const first = paths[0]!.split('/')[0]!;
  const shared = paths.every((p) => p.includes('/') && p.split('/')[0] === first);
  return shared ? paths.map((p) => p.slice(first.length + 1)) : [...paths];
}

/**
 * Text for the database: UTF-8 decoded, NUL bytes removed (PostgreSQL text cannot hold them), and
 * when longer than `cap` bytes the head and the tail kept around a marker — a failure is usually at
 * the end of a log.
 */
export function capText(bytes: Uint8Array, cap: number): string {
  const decode = (b: Uint8Array) => new TextDecoder('utf-8').decode(b).replaceAll('\0', '');
  if (bytes.length <= cap) return decode(bytes);
  const head = Math.floor(cap / 4);
  const tail = cap - head;
  const omitted = bytes.length - head - tail;
  return `${decode(bytes.subarray(0, head))}\n… ${omitted} bytes omitted …\n${decode(bytes.subarray(bytes.length - tail))}`;
}
