import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeySummary, CreatedApiKey } from '../../../shared/api/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { UserRow } from '../users-queries';
import { findActiveKeyOwner, insertApiKey, listActiveApiKeys, revokeApiKey, touchApiKey, type ApiKeyRow } from './queries';

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

export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedApiKey> {
  // 32 random bytes: a hash without salt is enough for a key nobody can guess.
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, { userId, name, prefix: key.slice(0, apiKeyPrefix.length + 6), keyHash: hashKey(key) });
  return { ...summary(row), key };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  return (await listActiveApiKeys(db, userId)).map(summary);
}

export async function revokeOwnApiKey(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  if (!(await revokeApiKey(db, userId, id, clock.now()))) throw notFound('API key not found');
}

/** The user a key belongs to, or undefined for an unknown or revoked key. */
export async function userForApiKey(db: Db, clock: Clock, key: string): Promise<UserRow | undefined> {
  const found = await findActiveKeyOwner(db, hashKey(key));
  if (!found) return undefined;
  await touchApiKey(db, found.keyId, clock.now());
  return found.user;
}
