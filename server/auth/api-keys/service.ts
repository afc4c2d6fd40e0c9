import { createHash } from 'node:crypto';
import type { ApiKeySummary, CreateApiKeyBody, CreatedApiKey, RevokedApiKey } from '../../../shared/api/auth';
import { recordAudit, type AuditWho } from '../../audit/service';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { Conflict, NotFound, Unauthorized } from '../../domain-errors';
import { assertAllowed } from '../policy';
import type { UserRow } from '../users-queries';
import type { AuthUser } from '../../http/types';
import { scopesWithin } from '../../../shared/teams/roles';
import { findActiveKeyOwner, findRevokedApiKey, insertApiKey, listActiveApiKeys, lockAndCountActiveKeys, revokeApiKeyRow, touchApiKey, type ApiKeyRow } from './queries';

import { apiKeyPrefix, isWellFormedApiKey, newApiKey } from './key-format';

export { isApiKey } from './key-format';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const summary = (row: ApiKeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
  scopes: row.scopes,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const dayMs = 86_400_000;

/** Tells the account of a new key in the key's transaction (server/notifications); never throws. */
export interface ApiKeyNotices {
  apiKeyCreated(tx: Db, key: ApiKeyRow, by: { id: string; email: string }): Promise<void>;
}

/**
 * A new key for a signed-in user (never for a caller who is itself an API key: a leaked key must
 * not be able to mint others), at most `maxKeys` active ones; the count is taken under a lock on
 * the user's row, so parallel requests cannot pass the cap together. Only admins may give a key
 * the `admin` scope. The audit event is written in the same transaction.
 */
export async function createApiKey(
  deps: { db: Db; clock: Clock; notices?: ApiKeyNotices },
  caller: Pick<AuthUser, 'id' | 'email' | 'isAdmin' | 'via' | 'account'>,
  body: CreateApiKeyBody,
  maxKeys: number,
  who: AuditWho,
): Promise<CreatedApiKey> {
  assertAllowed(caller, { do: 'create-api-key', scopes: body.scopes });
  const team = caller.account.kind === 'team' ? caller.account : undefined;
  // A team's key acts as its creator within their role (the policy refused any scope beyond it).
  const scopes = team ? scopesWithin(team.role, body.scopes) : (body.scopes ?? null);
  const owner = caller.account.id;
  const now = deps.clock.now();
  const expiresAt = body.expires_in_days ? new Date(now.getTime() + body.expires_in_days * dayMs) : null;
  // 178 random bits: a hash without salt is enough for a key nobody can guess.
  const key = newApiKey();
  const row = await deps.db.transaction(async (tx) => {
    const active = await lockAndCountActiveKeys(tx, owner);
    if (active >= maxKeys) throw new Conflict(`API key limit reached: at most ${maxKeys} active keys per account. Revoke one to create another.`, { limit: maxKeys, active });
    const created = await insertApiKey(tx, {
      userId: owner,
      name: body.name,
      prefix: key.slice(0, apiKeyPrefix.length + 6),
      keyHash: hashKey(key),
      scopes,
      expiresAt,
      createdBy: team ? caller.id : null,
    });
    await recordAudit(tx, {
      ...who,
      action: 'auth.api_key.created',
      target: { type: 'api_key', id: created.id },
      subjectUserId: owner,
      details: { name: created.name, prefix: created.prefix, scopes, expires_at: expiresAt?.toISOString() ?? null },
      at: now,
    });
    await deps.notices?.apiKeyCreated(tx, created, { id: caller.id, email: caller.email });
    return created;
  });
  return { ...summary(row), key };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  return (await listActiveApiKeys(db, userId)).map(summary);
}

/** Revokes one of the user's keys (audited in the same transaction); `onRevoked` hears of it at once (the terminal bridge ends what the key opened). */
export async function revokeOwnApiKey(
  db: Db,
  clock: Clock,
  userId: string,
  id: string,
  who: AuditWho,
  onRevoked?: (id: string) => void,
  /** an administrator revoking a customer's key records it as theirs */
  action: 'auth.api_key.revoked' | 'admin.api_key.revoked' = 'auth.api_key.revoked',
  /** a team member who does not manage members revokes only the team keys they created */
  createdBy?: string,
): Promise<void> {
  const at = clock.now();
  const by = action === 'admin.api_key.revoked' ? 'an administrator' : who.actor?.email;
  const revoked = await db.transaction(async (tx) => {
    const row = await revokeApiKeyRow(tx, userId, id, at, createdBy, by);
    if (row) await recordAudit(tx, { ...who, action, target: { type: 'api_key', id }, subjectUserId: userId, details: { name: row.name, prefix: row.prefix }, at });
    return row;
  });
  if (!revoked) throw new NotFound('API key not found');
  onRevoked?.(id);
}

/** What is kept of one of the account's keys once revoked, for the page its old links (notices) open; 404 while it is active or when it is not the account's. */
export async function revokedApiKey(db: Db, accountId: string, id: string): Promise<RevokedApiKey> {
  const row = await findRevokedApiKey(db, accountId, id);
  if (!row?.revokedAt) throw new NotFound('API key not found');
  return { id: row.id, name: row.name, prefix: row.prefix, revoked_at: row.revokedAt.toISOString(), revoked_by: row.revokedBy, reason: row.revokeReason };
}

/** The id of an active key, or undefined for an unknown or revoked one. */
export async function activeApiKeyId(db: Db, key: string): Promise<string | undefined> {
  return (await findActiveKeyOwner(db, hashKey(key)))?.keyId;
}

/** The user a key belongs to and what it may do; undefined for an unknown or revoked key, 401 for an expired one. */
export async function userForApiKey(db: Db, clock: Clock, key: string, ip?: string): Promise<{ user: UserRow; scopes: string[] | null; createdBy: string | null } | undefined> {
  if (!isWellFormedApiKey(key)) return undefined;
  const found = await findActiveKeyOwner(db, hashKey(key));
  if (!found) return undefined;
  const now = clock.now();
  if (found.expiresAt && found.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(`API key expired on ${found.expiresAt.toISOString()}: create a new one on the Account page`);
  await touchApiKey(db, found.keyId, now, ip);
  return { user: found.user, scopes: found.scopes, createdBy: found.createdBy };
}
