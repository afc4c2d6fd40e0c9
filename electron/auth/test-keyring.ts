import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Encryptor } from './token-store';

/** Stands in for Electron's safeStorage in tests: AES-GCM with a key only this "keyring" holds. */
export function fakeKeyring(available = true, backend?: string): Encryptor {
  const key = randomBytes(32);
  return {
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
    isEncryptionAvailable: () => available,
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(enc) {
      const d = createDecipheriv('aes-256-gcm', key, enc.subarray(0, 12));
      d.setAuthTag(enc.subarray(12, 28));
      return Buffer.concat([d.update(enc.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
