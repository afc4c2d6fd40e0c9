import { z } from 'zod';
import { file, json, route } from './route';

/** GET /api/openapi.json: an OpenAPI 3.1 document (only its outline is checked here). */
export const openApiDocumentResponse = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** The API reference: this document and its page. */
export const openApiContract = {
  document: route({
    name: 'openapi.document',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'reference',
    auth: 'visitor',
    responses: { 200: json('The document', openApiDocumentResponse) },
  }),
  docs: route({
    name: 'openapi.docs',
    method: 'GET',
    path: '/api/docs',
    summary: 'The API reference page',
    tag: 'reference',
    auth: 'visitor',
    responses: { 200: file('Reference page', 'text/html') },
  }),
  redoc: route({
    name: 'openapi.redoc',
    method: 'GET',
    path: '/api/docs/redoc.standalone.js',
    summary: "The reference page's renderer (Redoc), served locally",
    tag: 'reference',
    auth: 'visitor',
    responses: { 200: file('Script', 'application/javascript') },
  }),
};
