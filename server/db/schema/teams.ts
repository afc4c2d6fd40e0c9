import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teamRoles } from '../../../shared/teams/roles';
import { createdAt, timestamptz, uuidId } from './columns';
import { users } from './auth';

/**
 * A team: an account of its own. Its `account_id` is a `users` row of kind `team`, so the
 * balance, ledger, deployments, licences, API keys, notifications and audit events that every
 * domain keys by `user_id` belong to the team exactly as they belong to a person (issue 34).
 */
export const teams = pgTable('teams', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  /** the person who created it */
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  /** set when the owner deleted it (no running deployment, no balance): kept for the ledger and audit */
  deletedAt: timestamptz('deleted_at'),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.accountId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: teamRoles }).notNull(),
    /** `invitation`, `creator`, or `idp` (kept in step with an external issuer's group claim at each sign-in) */
    source: text('source', { enum: ['creator', 'invitation', 'idp'] })
      .notNull()
      .default('invitation'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user').on(t.userId)],
);

/** An invitation by e-mail: the link carries a secret whose SHA-256 is kept here; it lapses after 7 days. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuidId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.accountId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: teamRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    revokedAt: timestamptz('revoked_at'),
    /** the invited person said no (revoked_at is set with it, so the link stops working) */
    declinedAt: timestamptz('declined_at'),
  },
  (t) => [uniqueIndex('team_invitations_token').on(t.tokenHash), index('team_invitations_team').on(t.teamId, t.createdAt)],
);
