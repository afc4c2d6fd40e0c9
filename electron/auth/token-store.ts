import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Electron's `safeStorage`, injected: the OS keyring (Keychain, DPAPI, libsecret/kwallet) holds the key. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which keyring safeStorage found (`basic_text` when none, e.g. no libsecret or kwallet) */
  getSelectedStorageBackend?(): string;
}

/**
 * A keyring that really protects the key. On Linux without libsecret or kwallet, safeStorage
 * still "encrypts" with its `basic_text` backend, a key fixed in Chromium's source: that counts
 * as no keyring, so the tokens stay in memory as promised.
 */
export function hasKeyring(encryptor: Encryptor): boolean {
  return encryptor.isEncryptionAvailable() && encryptor.getSelectedStorageBackend?.() !== 'basic_text';
}

const storedTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  idToken: z.string().optional(),
  /** epoch milliseconds */
  expiresAt: z.number(),
  email: z.string(),
});
export type StoredTokens = z.infer<typeof storedTokens>;

export const keyringUnavailable = 'The system keyring is unavailable, so Launchpad cannot keep you signed in after you quit. You stay signed in until then.';

export interface TokenStore {
  load(): StoredTokens | undefined;
  /** keeps the tokens in memory, and encrypted on disk when the keyring allows; answers the warning when it does not */
  save(tokens: StoredTokens): { warning: string | null };
  clear(): void;
}

/**
 * Tokens at rest are only ever written encrypted. Without a keyring they live in memory for this
 * run and nothing is written; a file that cannot be read back (corrupted, another OS user's key)
 * means "signed out", and is removed.
 */
export function createTokenStore(file: string, encryptor: Encryptor): TokenStore {
  let memory: StoredTokens | undefined;
  let loaded = false;
  const remove = () => fs.rmSync(file, { force: true });

  return {
    load() {
      if (memory || loaded) return memory;
      loaded = true;
      if (!fs.existsSync(file)) return undefined;
      if (!hasKeyring(encryptor)) {
        // a file written by an older version with the fixed basic_text key: not worth keeping
        if (encryptor.isEncryptionAvailable()) remove();
        return undefined;
      }
      try {
        memory = storedTokens.parse(JSON.parse(encryptor.decryptString(fs.readFileSync(file))));
      } catch {
        remove();
        memory = undefined;
      }
      return memory;
    },
    save(tokens) {
      memory = tokens;
      loaded = true;
      if (!hasKeyring(encryptor)) {
        remove();
        return { warning: keyringUnavailable };
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, encryptor.encryptString(JSON.stringify(tokens)), { mode: 0o600 });
      fs.renameSync(tmp, file);
      return { warning: null };
    },
    clear() {
      memory = undefined;
      loaded = true;
      remove();
    },
  };
}
