import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LicenseData } from '../../shared/licenses/key';

export interface LicenseSigner {
  publicKeyPem: string;
  /** a key string in the installations' format */
  issue(data: LicenseData): string;
}

/**
 * The license signing key: LICENSE_PRIVATE_KEY (PEM) when configured, otherwise a development
 * P-256 key pair generated once and kept in the data folder.
 */
export function loadLicenseSigner(o: { privateKeyPem: string | undefined; dataDir: string }): LicenseSigner {
  let privateKey: KeyObject;
  if (o.privateKeyPem) {
    privateKey = createPrivateKey(o.privateKeyPem.replace(/\\n/g, '\n'));
  } else {
    const file = path.join(o.dataDir, 'license-signing-key.pem');
    if (!fs.existsSync(file)) {
      const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      fs.writeFileSync(file, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
  }
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
