import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read as a Date: the type of every time column in the schema. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; the code that changes it sets it (no trigger). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A random uuid primary key named `id`. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();
