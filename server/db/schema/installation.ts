import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
