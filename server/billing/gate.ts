import type { deployments } from '../db/schema';

/**
 * What deployments ask of billing: before starting a paid machine (a 402 HttpError carrying the
 * reason when the balance cannot cover the first hour), and once the deployment exists.
 */
export interface BillingGate {
  assertCanStart(userId: string, hourlyRateCents: number): Promise<void>;
  deploymentCreated(d: typeof deployments.$inferSelect): Promise<void>;
}
