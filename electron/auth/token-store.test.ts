import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeKeyring } from './test-keyring';
import { createTokenStore, keyringUnavailable, type Encryptor, type StoredTokens } from './token-store';

const tokens: StoredTokens = { accessToken: 'access-123', refreshToken: 'refresh-secret-456', idToken: 'id-789', expiresAt: 1_700_000_000_000, email: 'user@example.test' };

describe('token store', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-tokens-'));
    file = path.join(dir, 'session.bin');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('round-trips through an encrypted file that never contains a token in plain text', () => {
    const keyring = fakeKeyring();
    expect(createTokenStore(file, keyring).save(tokens)).toEqual({ warning: null });
    const raw = fs.readFileSync(file);
    for (const secret of ['access-123', 'refresh-secret-456', 'id-789', 'user@example.test']) expect(raw.includes(secret)).toBe(false);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(createTokenStore(file, keyring).load()).toEqual(tokens);
  });

  it('without a keyring: a clear warning, tokens in memory only, nothing written (and an old file removed)', () => {
    fs.writeFileSync(file, 'left from before');
    const store = createTokenStore(file, fakeKeyring(false));
    expect(store.save(tokens)).toEqual({ warning: keyringUnavailable });
    expect(keyringUnavailable).toMatch(/keyring is unavailable/);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(store.load()).toEqual(tokens);
    expect(createTokenStore(file, fakeKeyring(false)).load()).toBeUndefined();
  });

  it.each([
    ['macOS Keychain / Windows DPAPI (no backend to ask)', undefined, true],
    ['Linux with GNOME libsecret', 'gnome_libsecret', true],
    ['Linux with KWallet 5', 'kwallet5', true],
    ['Linux without a keyring (basic_text: a key fixed in Chromium)', 'basic_text', false],
  ])('%s: written to disk → %s', (_platform, backend, written) => {
    const keyring = fakeKeyring(true, backend);
    const store = createTokenStore(file, keyring);
    expect(store.save(tokens)).toEqual({ warning: written ? null : keyringUnavailable });
    expect(fs.existsSync(file)).toBe(written);
    expect(store.load()).toEqual(tokens);
    expect(createTokenStore(file, keyring).load()).toEqual(written ? tokens : undefined);
  });

  it('a file an older version wrote with basic_text is removed, and the user signs in again', () => {
    const keyring = fakeKeyring(true, 'basic_text');
    fs.writeFileSync(file, keyring.encryptString(JSON.stringify(tokens)));
    expect(createTokenStore(file, keyring).load()).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it.each([
    ['garbage bytes', (_k: Encryptor) => Buffer.from('not encrypted at all')],
    ['encrypted non-JSON', (k: Encryptor) => k.encryptString('{{{')],
    ['encrypted JSON of the wrong shape', (k: Encryptor) => k.encryptString('{"accessToken":1}')],
    ['a file from another keyring', (_k: Encryptor) => fakeKeyring().encryptString(JSON.stringify(tokens))],
  ])('treats %s as signed out, not a crash, and removes the file', (_what, content) => {
    const keyring = fakeKeyring();
    fs.writeFileSync(file, content(keyring));
    expect(createTokenStore(file, keyring).load()).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('clear signs out in memory and on disk', () => {
    const keyring = fakeKeyring();
    const store = createTokenStore(file, keyring);
    store.save(tokens);
    store.clear();
    expect(store.load()).toBeUndefined();
    expect(createTokenStore(file, keyring).load()).toBeUndefined();
  });
});
