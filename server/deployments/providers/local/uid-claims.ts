import fs from 'node:fs';
import path from 'node:path';
import { pidsOfUid } from './processes';

/**
 * Host uids of local machines, claimed in one folder for the whole host: every Launchpad on the
 * host (other data folders, test servers side by side) draws from the same pool, so no two
 * machines anywhere share a uid — deleting one kills its uid's processes and must never reach
 * another's. A claim is a file created exclusively (O_EXCL), holding its machine's folder.
 */
export interface UidPool {
  claimsDir: string;
  base: number;
  span: number;
}

const claimFile = (pool: UidPool, uid: number) => path.join(pool.claimsDir, String(uid));

/**
 * Runs `fn` holding the uid's lock (a folder made exclusively), or not at all when another process
 * holds it. Only removing a claim takes the lock: with it, a claim checked and then removed is the
 * same claim, never a fresh one made in between. (A process killed while holding it, for the
 * microseconds that takes, leaves `<uid>.lock` behind: that one uid stays out of use until the
 * folder is removed.)
 */
function withLock(pool: UidPool, uid: number, fn: () => void): void {
  const lock = `${claimFile(pool, uid)}.lock`;
  try {
    fs.mkdirSync(lock);
  } catch {
    return;
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const ownerOf = (pool: UidPool, uid: number): string | undefined => {
  try {
    return fs.readFileSync(claimFile(pool, uid), 'utf8');
  } catch {
    return undefined;
  }
};

/** A claim is stale when its machine's folder is gone and no process runs as its uid (a data folder removed, a crash). */
function takeBackIfStale(pool: UidPool, uid: number): void {
  withLock(pool, uid, () => {
    const owner = ownerOf(pool, uid);
    // An empty claim is one being written right now.
    if (!owner || fs.existsSync(owner) || pidsOfUid(uid).length > 0) return;
    fs.rmSync(claimFile(pool, uid), { force: true });
  });
}

/** Creates the claim file if no one holds it; false when it exists. */
function tryClaim(pool: UidPool, uid: number, owner: string): boolean {
  try {
    fs.writeFileSync(claimFile(pool, uid), owner, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The lowest free uid of the pool for the machine in folder `owner`. */
export function claimUid(pool: UidPool, owner: string): number {
  fs.mkdirSync(pool.claimsDir, { recursive: true, mode: 0o700 });
  for (let uid = pool.base; uid < pool.base + pool.span; uid++) {
    if (tryClaim(pool, uid, owner)) return uid;
    takeBackIfStale(pool, uid);
    if (tryClaim(pool, uid, owner)) return uid;
  }
  throw new Error('no free machine account: too many local machines');
}

/**
 * Gives the uid back, if the claim is still this machine's. When another process holds the lock it
 * is taking the claim back already (the machine's folder is gone by now).
 */
export function releaseUid(pool: UidPool, uid: number, owner: string): void {
  withLock(pool, uid, () => {
    if (ownerOf(pool, uid) === owner) fs.rmSync(claimFile(pool, uid), { force: true });
  });
}
