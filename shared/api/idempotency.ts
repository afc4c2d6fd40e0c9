import { z } from 'zod';

/**
 * The one `Idempotency-Key` header schema (POST /api/deployments, the admin top-ups): a retried
 * request with the same key does its work once. Printable ASCII, as the IETF draft's examples and
 * Stripe's keys are.
 */
export const idempotencyKeyHeader = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII')
  .optional();
