import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';

/**
 * CI test runs (public-site 3). A run is identified by branch + build number + test type, so a
 * second upload completes a run first reported as running; runs whose build number is "unknown"
 * are never merged.
 */
export const testRuns = pgTable(
  'test_runs',
  {
    id: uuidId(),
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
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_runs_build')
      .on(t.branch, t.buildNumber, t.testType)
      .where(sql`${t.buildNumber} <> 'unknown'`),
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
