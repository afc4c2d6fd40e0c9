import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses outside input with a shared zod schema; a mismatch is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw badRequest(`Invalid ${what}`, result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  return result.data;
}
