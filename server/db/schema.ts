import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deploymentStatuses, providerNames, setupStepStatuses } from '../../shared/deployments/vocabulary';
import { licenseStatuses, licenseTypes, paymentStatuses, supportLevels } from '../../shared/licenses/vocabulary';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_issuer_subject').on(t.issuer, t.subject), index('users_email').on(t.email)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash), index('api_keys_user').on(t.userId)],
);

/** The embedded identity provider's state (sessions, grants, codes, refresh tokens), so sign-ins survive restarts and are shared by instances. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] }), index('oidc_payloads_grant').on(t.grantId), index('oidc_payloads_uid').on(t.uid), index('oidc_payloads_expires').on(t.expiresAt)],
);

export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    configId: text('deployment_config_id').notNull(),
    provider: text('provider', { enum: providerNames }).notNull(),
    /** the provider's id for the machine (cloud server id, or the local folder) */
    serverId: text('server_id'),
    status: text('status', { enum: deploymentStatuses }).notNull(),
    ipv4: text('ipv4'),
    uiUrl: text('ui_url'),
    version: text('version'),
    timeoutMins: integer('timeout_mins'),
    hourlyRateCents: integer('hourly_rate_cents'),
    errorMessage: text('error_message'),
    sshPublicKey: text('ssh_public_key'),
    sshPrivateKey: text('ssh_private_key'),
    idempotencyKey: text('idempotency_key'),
    /** a job or request working on the row holds it until then; an expired lease means the worker died */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** set when the balance could not pay for the next hour; the deployment is terminated after a warning window */
    unpaidSince: timestamp('unpaid_since', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('deployments_user').on(t.userId),
    index('deployments_status').on(t.status),
    uniqueIndex('deployments_idempotency').on(t.userId, t.idempotencyKey),
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
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.id] })],
);

/** What happened to a deployment, for the logs download and the admin view. */
export const deploymentEvents = pgTable(
  'deployment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    message: text('message').notNull(),
  },
  (t) => [index('deployment_events_deployment').on(t.deploymentId, t.at)],
);

export const userMeta = pgTable('user_meta', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  huggingfaceToken: text('huggingface_token'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The money ledger: append-only (a trigger refuses updates and deletes), integer cents, one row
 * per movement. `balance_after_cents` is the user's balance once this row is applied, written in
 * the same transaction under a lock on the user, so the balance is always the newest row's.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** positive credits, negative debits */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** unique per movement: retries and replays of the same movement are refused by the database */
    idempotencyKey: text('idempotency_key').notNull(),
    /** what it is about: a deployment, checkout session, admin */
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_idempotency').on(t.idempotencyKey), index('ledger_user_created').on(t.userId, t.createdAt)],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    gateway: text('gateway').notNull(),
    externalId: text('external_id'),
    purpose: text('purpose').notNull(),
    /** what is being paid for besides balance (a license id) */
    reference: text('reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** open, paid, expired, cancelled, or refunded (paid, but the money was sent back: the licence was paid already) */
    status: text('status').notNull().default('open'),
    /** a licence checkout's terms, frozen when the checkout starts: what activation grants */
    usersLimit: integer('users_limit'),
    gpusLimit: integer('gpus_limit'),
    supportLevel: text('support_level', { enum: supportLevels }),
    /** the gateway's payment (Stripe payment intent), needed to refund it */
    paymentRef: text('payment_ref'),
    /** the gateway's refund id (Stripe `re_…`, or the ledger key of a local credit-back) */
    refundRef: text('refund_ref'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** local checkout: SHA-256 of the secret that proves the owner's browser (a one-time grant, then the cookie it was exchanged for) */
    ownerTokenHash: text('owner_token_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('checkout_external').on(t.gateway, t.externalId), index('checkout_user').on(t.userId), index('checkout_reference').on(t.purpose, t.reference)],
);

/** Each payment-gateway event is handled once: a replay finds its id here. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Each user's current balance; written only by the ledger, in the transaction that appends the entry. */
export const balances = pgTable('balances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const licenses = pgTable(
  'licenses',
  {
    /** `lic_` and 20 random characters; characters 5–11 are the bank-transfer reference */
    id: text('id').primaryKey(),
    /** null for a license an admin created for an email that has not signed in yet */
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    type: text('type', { enum: licenseTypes }).notNull(),
    organizationName: text('organization_name').notNull(),
    usersLimit: integer('users_limit'),
    gpusLimit: integer('gpus_limit'),
    supportLevel: text('support_level', { enum: supportLevels }).notNull().default('none'),
    status: text('status', { enum: licenseStatuses }).notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull(),
    licenseKey: text('license_key'),
    /** hex SHA-256 of the key string: what installations send as `deployment_id` in their pings */
    keyHash: text('key_hash'),
    /** weeks of validity once active; null = one year (enterprise) or the type's own term; -1 = perpetual */
    durationWeeks: integer('duration_weeks'),
    perpetual: boolean('perpetual').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** the user removed it from their list; the license stays valid */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    createdByAdmin: uuid('created_by_admin'),
    createdAt: createdAt(),
  },
  (t) => [index('licenses_user').on(t.userId), index('licenses_email').on(t.email), uniqueIndex('licenses_key_hash').on(t.keyHash), index('licenses_created').on(t.createdAt)],
);

/** One row per running installation (its license key hash, or `ip:<address>` for unlicensed ones). */
export const installations = pgTable(
  'installations',
  {
    key: text('key').primaryKey(),
    deploymentId: text('deployment_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    country: text('country'),
    countryName: text('country_name'),
    city: text('city'),
    version: text('version').notNull(),
    edition: text('edition'),
    appsCount: integer('apps_count').notNull(),
    usersCount: integer('users_count').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    licenseId: text('license_id'),
    licenseUserEmail: text('license_user_email'),
    organizationName: text('organization_name'),
    instanceUserEmail: text('instance_user_email'),
    isManaged: boolean('is_managed').notNull().default(false),
    pingCount: integer('ping_count').notNull().default(1),
    /** first seen: the installation's vintage */
    firstSeen: timestamp('first_seen', { withTimezone: true, mode: 'date' }).notNull(),
    lastPing: timestamp('last_ping', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('installations_last_ping').on(t.lastPing, t.key), index('installations_version').on(t.version), index('installations_country').on(t.country)],
);

/** A bounded history of pings (retention by age and by count per installation) for charts. */
export const pingHistory = pgTable(
  'ping_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    installationKey: text('installation_key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    version: text('version').notNull(),
    appsCount: integer('apps_count').notNull(),
    usersCount: integer('users_count').notNull(),
  },
  (t) => [index('ping_history_installation').on(t.installationKey, t.at), index('ping_history_at').on(t.at)],
);

/** Which installations pinged on which day: the 30-day activity chart without scanning the history. */
export const installationDays = pgTable(
  'installation_days',
  {
    day: text('day').notNull(),
    installationKey: text('installation_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.installationKey] })],
);

/**
 * CI test runs (public-site 3). A run is identified by branch + build number + test type, so a
 * second upload completes a run first reported as running; runs whose build number is "unknown"
 * are never merged.
 */
export const testRuns = pgTable(
  'test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testType: text('test_type').notNull(),
    status: text('status').notNull(),
    branch: text('branch').notNull(),
    buildNumber: text('build_number').notNull(),
    buildUrl: text('build_url'),
    commit: text('commit').notNull(),
    durationSeconds: integer('duration_seconds'),
    exitCode: integer('exit_code'),
    errorMessage: text('error_message'),
    /** the main execution log's text, capped */
    logContent: text('log_content'),
    screenshotCount: integer('screenshot_count').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_runs_build').on(t.branch, t.buildNumber, t.testType).where(sql`${t.buildNumber} <> 'unknown'`),
    index('test_runs_created').on(t.createdAt, t.id),
    index('test_runs_type_created').on(t.testType, t.createdAt),
  ],
);

/** Files from a run's artifacts zip; the bytes live in the blob store under `blob_key`. */
export const testArtifacts = pgTable(
  'test_artifacts',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    /** the path inside the zip, without the common top folder */
    filename: text('filename').notNull(),
    fileType: text('file_type').notNull(),
    conversationLog: boolean('conversation_log').notNull().default(false),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_artifacts_run').on(t.runId)],
);

/** A user's private (connected) deployments: references to installations they run themselves. */
export const connectedDeployments = pgTable(
  'connected_deployments',
  {
    /** `cd_` + 20 random [a-z0-9] */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('connected_deployments_user').on(t.userId, t.createdAt)],
);

/**
 * One row per background job, shared by every instance on this database: a run is claimed by
 * moving `next_run_at` forward, so each period runs once across all instances; `running_until`
 * keeps a crashed instance's claim from blocking the job forever.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  runningUntil: timestamp('running_until', { withTimezone: true, mode: 'date' }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  runs: integer('runs').notNull().default(0),
});

/** Fixed-window request counters shared by every instance (rate limits hold across a cluster). */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limit_windows_start').on(t.windowStart)],
);

/**
 * Facts about this Launchpad installation as a whole, one row per key, shared by every instance on
 * the database: `installation_id` (a random uuid made once) labels the cloud machines it creates,
 * so Launchpads sharing a Hetzner project or Civo account never reconcile each other's machines.
 */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
