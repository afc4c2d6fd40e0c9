import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeySummary, CreatedApiKey } from '../../../shared/api/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { UserRow } from '../users-queries';
import { findActiveKeyOwner, insertApiKey, listActiveApiKeys, lockAndCountActiveKeys, revokeApiKey, touchApiKey, type ApiKeyRow } from './queries';

/** Personal API keys start with this, so the server can tell them from OIDC tokens at a glance. */
export const apiKeyPrefix = 'lp_';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isApiKey = (bearer: string) => bearer.startsWith(apiKeyPrefix);

const summary = (row: ApiKeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A new key for a signed-in user (never for a caller who is itself an API key: a leaked key must
 * not be able to mint others), at most `maxKeys` active ones; the count is taken under a lock on
 * the user's row, so parallel requests cannot pass the cap together.
 */
export async function createApiKey(db: Db, caller: { id: string; via: 'api-key' | 'token' }, name: string, maxKeys: number): Promise<CreatedApiKey> {
  if (caller.via === 'api-key') throw forbidden('API keys cannot create API keys: sign in to create one');
  // 32 random bytes: a hash without salt is enough for a key nobody can guess.
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const active = await lockAndCountActiveKeys(tx, caller.id);
    if (active >= maxKeys) throw conflict(`API key limit reached: at most ${maxKeys} active keys per user. Revoke one to create another.`, { limit: maxKeys, active });
    return insertApiKey(tx, { userId: caller.id, name, prefix: key.slice(0, apiKeyPrefix.length + 6), keyHash: hashKey(key) });
  });
  return { ...summary(row), key };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  return (await listActiveApiKeys(db, userId)).map(summary);
}

/** Revokes one of the user's keys; `onRevoked` hears of it at once (the terminal bridge ends what the key opened). */
export async function revokeOwnApiKey(db: Db, clock: Clock, userId: string, id: string, onRevoked?: (id: string) => void): Promise<void> {
  if (!(await revokeApiKey(db, userId, id, clock.now()))) throw notFound('API key not found');
  onRevoked?.(id);
}

/** The id of an active key, or undefined for an unknown or revoked one. */
export async function activeApiKeyId(db: Db, key: string): Promise<string | undefined> {
  return (await findActiveKeyOwner(db, hashKey(key)))?.keyId;
}

/** The user a key belongs to, or undefined for an unknown or revoked key. */
export async function userForApiKey(db: Db, clock: Clock, key: string): Promise<UserRow | undefined> {
  const found = await findActiveKeyOwner(db, hashKey(key));
  if (!found) return undefined;
  await touchApiKey(db, found.keyId, clock.now());
  return found.user;
}
