import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * One row per background job, shared by every instance on this database: a run is claimed by
 * moving `next_run_at` forward, so each period runs once across all instances; `running_until`
 * keeps a crashed instance's claim from blocking the job forever.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  runningUntil: timestamptz('running_until'),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  runs: integer('runs').notNull().default(0),
});
