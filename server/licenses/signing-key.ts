import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LicenseData } from '../../shared/licenses/key';
import { ConfigError } from '../config';
import type { Db } from '../db/client';
import { sharedSetting } from '../db/shared-setting';

export interface LicenseSigner {
  publicKeyPem: string;
  /** a key string in the installations' format */
  issue(data: LicenseData): string;
}

/**
 * The license signing key's PEM: LICENSE_PRIVATE_KEY when configured, otherwise a P-256 key made
 * once in the database every instance shares (a data folder's license-signing-key.pem, what
 * instances used before, becomes that key so licences issued before keep verifying).
 */
export async function licenseKeyPem(o: { configured: string | undefined; db: Db; dataDir: string }): Promise<string> {
  if (o.configured) return o.configured;
  const file = path.join(o.dataDir, 'license-signing-key.pem');
  const legacy = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const { value, created } = await sharedSetting(
    o.db,
    'license_signing_key',
    () => legacy ?? generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  if (legacy && !created && value !== legacy) {
    throw new ConfigError([
      `${file} holds a licence-signing key other than the one the database shares with every instance: remove the file or set LICENSE_PRIVATE_KEY to the key every instance must use`,
    ]);
  }
  return value;
}

/** Signs licence keys with a P-256 private key (PEM; `\\n` escapes are read as line breaks). */
export function loadLicenseSigner(privateKeyPem: string): LicenseSigner {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem.replace(/\\n/g, '\n'));
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('LICENSE_PRIVATE_KEY must be an ECDSA P-256 private key');
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    issue(data) {
      const json = JSON.stringify(data);
      // ieee-p1363 is the raw r || s form installations expect (32 bytes each, big-endian).
      const signature = sign('sha256', Buffer.from(json, 'utf8'), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');
      return Buffer.from(JSON.stringify({ data: json, signature }), 'utf8').toString('base64');
    },
  };
}

/** What an installation sends as `deployment_id`: hex SHA-256 of the key string. */
export const keyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
