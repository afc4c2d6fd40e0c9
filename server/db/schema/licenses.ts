import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { licenseStatuses, licenseTypes, paymentStatuses, supportLevels } from '../../../shared/licenses/vocabulary';
import { createdAt, timestamptz } from './columns';
import { users } from './auth';

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
    activatedAt: timestamptz('activated_at'),
    expiresAt: timestamptz('expires_at'),
    /** the user removed it from their list; the license stays valid */
    hiddenAt: timestamptz('hidden_at'),
    /** who removed it from the list (their e-mail), for the page its old links open */
    hiddenBy: text('hidden_by'),
    createdByAdmin: uuid('created_by_admin'),
    /** an administrator revoked it (status `revoked`): its id belongs in the platform's denylist */
    revokedAt: timestamptz('revoked_at'),
    revokeReason: text('revoke_reason'),
    /** the licence that replaced it when an administrator extended or changed it */
    replacedBy: text('replaced_by'),
    /** the licence its licensee paid to continue this one (Renew); this one stays valid until it ends */
    renewedBy: text('renewed_by'),
    /** the licence this one continues once paid: a renewal to be paid by bank transfer, waiting (pending) like a new licence */
    renews: text('renews'),
    createdAt: createdAt(),
  },
  (t) => [index('licenses_user').on(t.userId), index('licenses_email').on(t.email), uniqueIndex('licenses_key_hash').on(t.keyHash), index('licenses_created').on(t.createdAt)],
);
