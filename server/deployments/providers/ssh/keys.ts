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
  // ssh2 occasionally writes an ed25519 private key it cannot read back (about 1 in 200 here):
  // such a deployment would be unreachable, so only a key that parses is handed out.
  for (let attempt = 0; attempt < 20; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519', { comment: safeComment });
    if (!(utils.parseKey(pair.private) instanceof Error)) return { privateKey: pair.private, publicKey: pair.public.trim() };
  }
  throw new Error('could not generate a usable SSH key pair');
}

/** True when `line` is a public key ssh2 can read (used by the fake cloud to validate uploads). */
export function isValidPublicKey(line: string): boolean {
  const parsed = utils.parseKey(line);
  return !(parsed instanceof Error) && !Array.isArray(parsed);
}
