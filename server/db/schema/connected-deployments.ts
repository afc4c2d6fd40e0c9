import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { ownerId } from './auth';

/** A user's private (connected) deployments: references to installations they run themselves. */
export const connectedDeployments = pgTable(
  'connected_deployments',
  {
    /** `cd_` + 20 random [a-z0-9] */
    id: text('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('connected_deployments_user').on(t.userId, t.createdAt)],
);
