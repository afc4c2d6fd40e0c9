import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
