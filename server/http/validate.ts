import type { z } from 'zod';
import { inspectInput, type InspectLimits } from '../../shared/api/text';
import { badRequest } from './errors';

/** Outside input's shape limits, before any schema: deep or wide JSON is refused without recursion. */
const inputLimits: InspectLimits = { maxDepth: 16, maxKeys: 200, multiline: true };

/**
 * Parses outside input with a shared zod schema; a mismatch is a 400 naming each bad field. Every
 * string and key is first held to the text rule (shared/api/text.ts), whatever the schema says, so
 * a NUL, a lone surrogate or a bidi override never reaches the database, a provider or a page; tab
 * and newline are refused by each single-line field's own schema (safeText).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  checkText(input, what);
  const result = schema.safeParse(input);
  if (!result.success) {
    throw badRequest(
      `Invalid ${what}`,
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}

/** The text rule and shape limits alone, for the few routes that read input with their own schema step. */
export function checkText(input: unknown, what = 'request'): void {
  const finding = inspectInput(input, inputLimits);
  if (finding) throw badRequest(`Invalid ${what}`, [{ path: finding.path, message: finding.message }]);
}
