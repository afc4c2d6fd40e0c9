import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface IdentityKeys {
  signing: JWK[];
  cookies: string[];
}

/** Signing and cookie keys of the embedded provider: kept in the data folder so sessions and tokens survive a restart. */
export async function loadIdentityKeys(dataDir: string | undefined): Promise<IdentityKeys> {
  const file = dataDir ? path.join(dataDir, 'identity-keys.json') : undefined;
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as IdentityKeys;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
  const keys: IdentityKeys = { signing: [jwk], cookies: [randomBytes(32).toString('base64url')] };
  if (file) fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The public half of each signing key, as the provider publishes it at its JWKS endpoint. */
export function publicJwks(keys: IdentityKeys): { keys: JWK[] } {
  return { keys: keys.signing.map(({ kty, crv, x, y, n, e, alg, use, kid }) => ({ kty, crv, x, y, n, e, alg, use, kid })) };
}
