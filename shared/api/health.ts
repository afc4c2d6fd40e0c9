import { z } from 'zod';
import { apiErrorBody } from './errors';
import { json, routesOf } from './route';

/** GET /healthz and GET /readyz when healthy; readiness also names the database kind. */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.string().optional() });

const route = routesOf('health');

/** Liveness and readiness (outside /api, for orchestrators). */
export const healthContract = {
  healthz: route('visitor', 'healthz', 'GET /healthz', { summary: 'Liveness: the process answers', responses: { 200: json('Alive', healthResponse) } }),
  readyz: route('visitor', 'readyz', 'GET /readyz', {
    summary: 'Readiness: the database answers too (503 when it does not)',
    responses: { 200: json('Ready', healthResponse), 503: json('The database does not answer', apiErrorBody) },
  }),
};
