import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './auth';

export const userMeta = pgTable('user_meta', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  huggingfaceToken: text('huggingface_token'),
  updatedAt: updatedAt(),
});
