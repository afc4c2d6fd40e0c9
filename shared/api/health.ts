import { z } from 'zod';
import { apiErrorBody } from './errors';
import { json, route } from './route';

/** GET /healthz and GET /readyz when healthy; readiness also names the database kind. */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.string().optional() });
export type HealthResponse = z.infer<typeof healthResponse>;

/** Liveness and readiness (outside /api, for orchestrators). */
export const healthContract = {
  healthz: route({ name: 'healthz', method: 'GET', path: '/healthz', summary: 'Liveness: the process answers', tag: 'health', auth: 'visitor', responses: { 200: json('Alive', healthResponse) } }),
  readyz: route({
    name: 'readyz',
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database answers too (503 when it does not)',
    tag: 'health',
    auth: 'visitor',
    responses: { 200: json('Ready', healthResponse), 503: json('The database does not answer', apiErrorBody) },
  }),
};
