import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import { ConfigError } from '../../config';
import type { Db } from '../../db/client';
import { sharedSetting } from '../../db/shared-setting';

export interface IdentityKeys {
  signing: JWK[];
  cookies: string[];
}

const keysSchema = z.object({ signing: z.array(z.looseObject({ kty: z.string(), kid: z.string() })).min(1), cookies: z.array(z.string().min(16)).min(1) });

/** A new key set: one ES256 signing key and one cookie key. */
export async function newIdentityKeys(): Promise<IdentityKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
  return { signing: [jwk], cookies: [randomBytes(32).toString('base64url')] };
}

function parseKeys(text: string, source: string): IdentityKeys {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError([`${source} must be JSON {"signing":[JWK...],"cookies":["..."]} (npx tsx scripts/identity-keys.ts)`]);
  }
  const checked = keysSchema.safeParse(json);
  if (!checked.success) throw new ConfigError([`${source} must be {"signing":[JWK...],"cookies":["..."]}: ${z.prettifyError(checked.error)}`]);
  return checked.data as IdentityKeys;
}

export const legacyKeysFile = (dataDir: string) => path.join(dataDir, 'identity-keys.json');

/**
 * Signing and cookie keys of the embedded provider, the same on every instance: IDENTITY_KEYS when
 * configured, otherwise made once in the database that every instance shares. A data folder's
 * identity-keys.json (what instances used before) becomes the database's keys so sessions survive
 * the upgrade; one that differs from the database's keys stops the start (two instances would
 * otherwise sign with different keys and refuse each other's tokens).
 */
export async function loadIdentityKeys(o: { configured: string | undefined; db: Db; dataDir: string | undefined }): Promise<IdentityKeys> {
  if (o.configured) return parseKeys(o.configured, 'IDENTITY_KEYS');
  const file = o.dataDir ? legacyKeysFile(o.dataDir) : undefined;
  const legacy = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const { value, created } = await sharedSetting(o.db, 'identity_keys', async () => legacy ?? JSON.stringify(await newIdentityKeys()));
  if (legacy && !created && value !== legacy) {
    throw new ConfigError([
      `${file} holds identity keys other than the ones the database shares with every instance: remove the file (the database's keys are used) or set IDENTITY_KEYS to the keys every instance must use`,
    ]);
  }
  return parseKeys(value, 'the identity keys stored in the database');
}

/** The public half of each signing key, as the provider publishes it at its JWKS endpoint. */
export function publicJwks(keys: IdentityKeys): { keys: JWK[] } {
  return { keys: keys.signing.map(({ kty, crv, x, y, n, e, alg, use, kid }) => ({ kty, crv, x, y, n, e, alg, use, kid })) };
}
