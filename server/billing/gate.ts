import type { Db } from '../db/client';
import type { deployments } from '../db/schema';

type DeploymentRow = typeof deployments.$inferSelect;

/** One create request, as deployments hand it to billing. */
export interface PaidStart {
  /** the account the deployment is made in (its balance pays) */
  accountId: string;
  /** what the deployment costs per hour; null or 0 = free, nothing is charged */
  hourlyRateCents: number | null;
  /** an earlier result of the same request (same Idempotency-Key): answered as it is, nothing checked or charged again */
  existing(tx: Db): Promise<DeploymentRow | undefined>;
  /** further limits checked under the same lock (e.g. machines per user and host); throws a domain error (`server/domain-errors.ts`) to refuse */
  check(tx: Db): Promise<void>;
  /** inserts the deployment row; runs only once every check passed */
  insert(tx: Db): Promise<DeploymentRow>;
}

/**
 * What deployments ask of billing when creating one: a single transaction that locks the user's
 * balance row, checks that the balance covers the first hour (a PaymentRequired carrying the reason
 * otherwise), runs the caller's other checks, inserts the deployment and charges the first hour.
 * Parallel creates of one user queue on the lock, so they can never spend the same money twice.
 */
export interface BillingGate {
  start(o: PaidStart): Promise<{ row: DeploymentRow; created: boolean }>;
}
