import { z } from 'zod';

/** Every error the API answers has this body. */
export const apiErrorBody = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
