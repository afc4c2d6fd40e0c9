import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deploymentStatuses, providerNames, setupStepStatuses } from '../../../shared/deployments/vocabulary';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';
import { ownerId } from './auth';

export const deployments = pgTable(
  'deployments',
  {
    id: uuidId(),
    userId: ownerId(),
    /** the person who created it (in a team: which member); its ready, failed and ended notices are mailed to them with the owner and admins. Null for rows made before issue 43 */
    createdBy: uuid('created_by'),
    name: text('name').notNull(),
    /** the catalog's deployment type; the column keeps the wire name `deployment_config_id` */
    typeId: text('deployment_config_id').notNull(),
    provider: text('provider', { enum: providerNames }).notNull(),
    /** the provider's id for the machine (cloud server id, or the local folder) */
    serverId: text('server_id'),
    status: text('status', { enum: deploymentStatuses }).notNull(),
    ipv4: text('ipv4'),
    uiUrl: text('ui_url'),
    /** the platform version the machine runs (changed only once an update succeeded) */
    version: text('version'),
    /** while an update runs: the version being installed (the row shows "updating"); its lease is `leaseUntil` */
    targetVersion: text('target_version'),
    timeoutMins: integer('timeout_mins'),
    hourlyRateCents: integer('hourly_rate_cents'),
    errorMessage: text('error_message'),
    /** the install log as provisioning left it (finished or failed), its last part when long: readable from the row once the terminal closed and after the machine is gone */
    provisioningLog: text('provisioning_log'),
    sshPublicKey: text('ssh_public_key'),
    sshPrivateKey: text('ssh_private_key'),
    idempotencyKey: text('idempotency_key'),
    /** a job or request working on the row holds it until then; an expired lease means the worker died */
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
    /** who deleted it, in words for its page once gone: the member's e-mail, or "an administrator"; null when it ended by itself (timeout, unpaid) */
    deletedBy: text('deleted_by'),
    /** set when the balance could not pay for the next hour; the deployment is terminated after a warning window */
    unpaidSince: timestamptz('unpaid_since'),
  },
  (t) => [
    index('deployments_user').on(t.userId),
    index('deployments_status').on(t.status),
    uniqueIndex('deployments_idempotency').on(t.userId, t.idempotencyKey),
    // a ping's installation is a managed deployment when a deployment has its address (server/pings/ingest.ts): newest first
    index('deployments_ipv4').on(t.ipv4, t.createdAt),
  ],
);

export const deploymentSetupSteps = pgTable(
  'deployment_setup_steps',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    emoji: text('emoji').notNull(),
    status: text('status', { enum: setupStepStatuses }).notNull().default('pending'),
    error: text('error'),
    /** the step's combined output, capped; goes into the logs download */
    output: text('output'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.id] })],
);

/** What happened to a deployment, for the logs download and the admin view. */
export const deploymentEvents = pgTable(
  'deployment_events',
  {
    id: uuidId(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull().defaultNow(),
    message: text('message').notNull(),
  },
  (t) => [index('deployment_events_deployment').on(t.deploymentId, t.at)],
);
