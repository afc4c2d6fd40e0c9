import { z } from 'zod';
import { file, json, routesOf } from './route';

/** GET /api/openapi.json: an OpenAPI 3.1 document (only its outline is checked here). */
export const openApiDocumentResponse = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const route = routesOf('reference');

/** The API reference: this document and its page. */
export const openApiContract = {
  document: route('visitor', 'openapi.document', 'GET /api/openapi.json', { summary: 'This OpenAPI 3.1 document', responses: { 200: json('The document', openApiDocumentResponse) } }),
  docs: route('visitor', 'openapi.docs', 'GET /api/docs', { summary: 'The API reference page', responses: { 200: file('Reference page', 'text/html') } }),
  redoc: route('visitor', 'openapi.redoc', 'GET /api/docs/redoc.standalone.js', {
    summary: "The reference page's renderer (Redoc), served locally",
    responses: { 200: file('Script', 'application/javascript') },
  }),
};
