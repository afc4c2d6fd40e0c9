import { z } from 'zod';

/** GET /healthz and GET /readyz when healthy; readiness also names the database kind. */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.string().optional() });
export type HealthResponse = z.infer<typeof healthResponse>;
