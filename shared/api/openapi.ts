import { z } from 'zod';

/** GET /api/openapi.json: an OpenAPI 3.1 document (only its outline is checked here). */
export const openApiDocumentResponse = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
