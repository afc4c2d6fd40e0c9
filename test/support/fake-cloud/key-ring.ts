import { createHash, timingSafeEqual } from 'node:crypto';
import ssh2, { type ParsedKey } from 'ssh2';

const { utils } = ssh2;

/** Public keys uploaded through either fake API; the fake SSH server lets exactly these in. */
export class KeyRing {
  private readonly keys = new Map<string, ParsedKey>();

  /** Returns false when the line is not a readable public key. */
  add(id: string, publicKeyLine: string): boolean {
    const parsed = utils.parseKey(publicKeyLine);
    if (parsed instanceof Error) return false;
    this.keys.set(id, parsed);
    return true;
  }

  remove(id: string): void {
    this.keys.delete(id);
  }

  /** The key matching an SSH `publickey` auth attempt, if any. */
  find(algo: string, data: Buffer): ParsedKey | undefined {
    for (const key of this.keys.values()) {
      const pub = key.getPublicSSH();
      if (key.type === algo && pub.length === data.length && timingSafeEqual(pub, data)) return key;
    }
    return undefined;
  }
}

/** Fingerprint as Hetzner shows it: MD5 of the key blob as colon-separated hex. */
export function md5Fingerprint(publicKeyLine: string): string {
  const parsed = utils.parseKey(publicKeyLine);
  if (parsed instanceof Error) return '';
  const hex = createHash('md5').update(parsed.getPublicSSH()).digest('hex');
  return (hex.match(/../g) ?? []).join(':');
}
