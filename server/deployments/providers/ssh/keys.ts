import ssh2 from 'ssh2';

// ssh2 is CommonJS: Node's ESM loader sees `utils` only through the default export.
const { utils } = ssh2;

export interface SshKeyPair {
  /** OpenSSH private key (`-----BEGIN OPENSSH PRIVATE KEY-----`) */
  privateKey: string;
  /** one OpenSSH public key line: `ssh-ed25519 AAAA… <comment>` */
  publicKey: string;
}

/** A fresh ed25519 key pair for one deployment; the comment names it in `authorized_keys` and the cloud console. */
export function generateSshKeyPair(comment: string): SshKeyPair {
  const safeComment = comment.replace(/[^\w.@-]/g, '-').slice(0, 64);
  const pair = utils.generateKeyPairSync('ed25519', { comment: safeComment });
  return { privateKey: pair.private, publicKey: pair.public.trim() };
}

/** True when `line` is a public key ssh2 can read (used by the fake cloud to validate uploads). */
export function isValidPublicKey(line: string): boolean {
  const parsed = utils.parseKey(line);
  return !(parsed instanceof Error) && !Array.isArray(parsed);
}
