import { z } from 'zod';

/** Every error the API answers has this body; `details` is null when there is nothing more to say. */
export const apiErrorBody = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
