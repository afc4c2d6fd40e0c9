import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { generateSshKeyPair, isValidPublicKey } from './keys';

describe('per-deployment SSH keys', () => {
  it('always hands out a private key ssh2 can read back (ssh2 alone fails about 1 in 200)', () => {
    for (let i = 0; i < 600; i++) {
      const pair = generateSshKeyPair('launchpad-trial-vm');
      expect(ssh2.utils.parseKey(pair.privateKey)).not.toBeInstanceOf(Error);
      expect(isValidPublicKey(pair.publicKey)).toBe(true);
    }
  });
});
