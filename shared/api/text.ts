import { z } from 'zod';

/**
 * The one rule for text that is stored or shown. Refused: control characters (C0 and DEL; tab and
 * line breaks — LF, CR — only where a field is multi-line, which stores them as LF), lone UTF-16 surrogates (they cannot be stored as
 * UTF-8, and PostgreSQL refuses NUL), and the bidi overrides and isolates U+202A–U+202E,
 * U+2066–U+2069 (they make shown text read differently from what it is). Single-line fields (names,
 * titles, keys) also refuse invisible format characters, which let two names that read the same differ
 * (or a name read as empty): zero-width space U+200B, the marks U+200E/U+200F/U+061C, U+FEFF, the
 * line/paragraph separators U+2028/U+2029, soft hyphen U+00AD, combining grapheme joiner U+034F, the
 * Hangul fillers U+115F/U+1160/U+3164, tag characters U+E0000–U+E007F and noncharacters
 * (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF). Zero-width (non-)joiners U+200C/U+200D stay: emoji and Indic and
 * Persian text need them.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const controlSingleLine = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const controlMultiLine = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const bidi = /[\u202a-\u202e\u2066-\u2069]/;
const invisibleFormat = /[\u00ad\u061c\u115f\u1160\u200b\u200e\u200f\u2028\u2029\u3164\ufeff\ufdd0-\ufdef\u{e0000}-\u{e007f}]|\u034f/u;
/** U+FFFE, U+FFFF and the last two code points of every plane are noncharacters. */
const hasPlaneEndNoncharacter = (s: string) => [...s].some((ch) => (ch.codePointAt(0)! & 0xfffe) === 0xfffe);
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` is refused, or undefined when it is acceptable text. */
export function textProblem(s: string, o: { multiline?: boolean } = {}): string | undefined {
  if ((o.multiline ? controlMultiLine : controlSingleLine).test(s)) return o.multiline ? 'must not contain control characters other than tab and line breaks' : 'must not contain control characters';
  if (loneSurrogate.test(s)) return 'must be valid Unicode (a lone surrogate was found)';
  if (bidi.test(s)) return 'must not contain bidirectional override characters';
  if (!o.multiline && (invisibleFormat.test(s) || hasPlaneEndNoncharacter(s))) return 'must not contain invisible format characters';
  return undefined;
}

/**
 * A zod string held to the text rule, for every field that is stored or shown; the 400 names the
 * field through zod's path. `required` is the message for an empty value (implies min 1); `label`
 * starts the message (a form that shows one message names its field: "Name must not …").
 */
export function safeText(o: { max: number; min?: number; required?: string; multiline?: boolean; trim?: boolean; label?: string }) {
  let s = z.string();
  if (o.trim !== false) s = s.trim();
  // Forms send CRLF (multipart and urlencoded bodies must): one line break is stored as LF.
  if (o.multiline) s = s.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  if (o.required !== undefined) s = s.min(Math.max(1, o.min ?? 1), o.required);
  else if (o.min !== undefined) s = s.min(o.min);
  return s.max(o.max).superRefine((v, ctx) => {
    const problem = textProblem(v, o);
    if (problem) ctx.addIssue({ code: 'custom', message: `${o.label ?? 'Text'} ${problem}` });
  });
}

export interface TextFinding {
  /** dotted path of the field (object keys and array indexes), '' for the value itself */
  path: string;
  message: string;
}

export interface InspectLimits {
  /** nesting of objects and arrays */
  maxDepth: number;
  /** keys of one object */
  maxKeys: number;
  /**
   * Let tab and newline pass in every string value (never in keys). The request-wide walk does:
   * which fields are single-line is each schema's word (safeText), the walk is the net under all.
   */
  multiline?: boolean;
}

/**
 * Walks any parsed input (JSON body, query, form) without recursion and answers the first string
 * or key that breaks the text rule, or a structure that is too deep or too wide. Every request
 * goes through this before its schema, so no route can forget NUL, lone surrogates or bidi
 * overrides; each schema's safeText then holds its fields to their length and line rule.
 */
export function inspectInput(value: unknown, limits: InspectLimits): TextFinding | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v, { multiline: limits.multiline });
      if (problem) return { path, message: `Text ${problem}` };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limits.maxDepth) return { path, message: `Nested deeper than ${limits.maxDepth} levels` };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.maxKeys) return { path, message: `More than ${limits.maxKeys} keys` };
    for (const key of keys) {
      const child = path ? `${path}.${key}` : key;
      const problem = textProblem(key);
      if (problem) return { path: child, message: `Field name ${problem}` };
      stack.push({ v: (v as Record<string, unknown>)[key], path: child, depth: depth + 1 });
    }
  }
  return undefined;
}

export interface FreeFormLimits {
  maxDepth: number;
  /** keys of one object */
  maxKeys: number;
  /** the value as JSON, in UTF-8 bytes */
  maxBytes: number;
}

/**
 * Free-form JSON (ping metadata) is bounded in depth, keys and size, and its strings and keys are
 * held to the text rule like any field: the first problem, with its path, or undefined.
 */
export function freeFormProblem(value: unknown, limits: FreeFormLimits): TextFinding | undefined {
  const finding = inspectInput(value, limits);
  if (finding) return finding;
  const bytes = new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  return bytes > limits.maxBytes ? { path: '', message: `Larger than ${limits.maxBytes} bytes as JSON` } : undefined;
}
