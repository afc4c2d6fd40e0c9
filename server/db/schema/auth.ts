import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidId } from './columns';
import { storedAccountKinds } from '../../../shared/teams/account-kinds';

export const users = pgTable(
  'users',
  {
    id: uuidId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    /** the identity provider gave the admin role at the user's latest sign-in (the token's role claim): their API keys act as admin only while it does */
    idpAdmin: boolean('idp_admin').notNull().default(false),
    /** `person`: someone who signs in; `team`: a team's account (issue 34; issuer `team`, e-mail holds the team's name, never an address) */
    kind: text('kind', { enum: storedAccountKinds }).notNull().default('person'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_issuer_subject').on(t.issuer, t.subject), index('users_email').on(t.email)],
);

/** The owning user's `user_id`: required, a foreign key to users. */
export const ownerId = (actions?: { onDelete: 'cascade' }) =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, actions);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidId(),
    userId: ownerId({ onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    /** the address of the last use */
    lastUsedIp: text('last_used_ip'),
    /** what the key may do: `read`, `deploy`, `billing`, `admin` (admins only); null = all a user may (keys made before scopes) */
    scopes: jsonb('scopes').$type<string[]>(),
    /** null = never */
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    /** who revoked it: the member's e-mail or "an administrator"; null when it went with its creator leaving the team */
    revokedBy: text('revoked_by'),
    /** why it was revoked when nobody revoked it by hand (its creator left, the team was deleted) */
    revokeReason: text('revoke_reason'),
    /** a team's key: the member who created it (it acts as them, within their role, and is revoked when they leave); null for a personal key */
    createdBy: uuid('created_by').references(() => users.id),
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
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] }), index('oidc_payloads_grant').on(t.grantId), index('oidc_payloads_uid').on(t.uid), index('oidc_payloads_expires').on(t.expiresAt)],
);

/** A sign-in session seen for the first time: one row per user and `sid` (refreshed tokens of the same session add none). The admin's customer page lists the latest. */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuidId(),
    userId: ownerId({ onDelete: 'cascade' }),
    /** the access token's `sid` claim */
    sessionId: text('session_id').notNull(),
    ipAddress: text('ip_address'),
    at: timestamptz('at').notNull(),
  },
  (t) => [uniqueIndex('sign_ins_user_session').on(t.userId, t.sessionId), index('sign_ins_user_at').on(t.userId, t.at)],
);

/**
 * Sign-in sessions that signed out (`POST /api/auth/sign-out`): every access token of the session is
 * refused from then on, on every instance, until the last of them has expired (`until`). Keyed by
 * the tokens' `sid`, or `jwt:<sha256>` of the one token when it names no session.
 */
export const signedOutSessions = pgTable(
  'signed_out_sessions',
  {
    sessionKey: text('session_key').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    until: timestamptz('until').notNull(),
  },
  (t) => [index('signed_out_sessions_until').on(t.until)],
);
