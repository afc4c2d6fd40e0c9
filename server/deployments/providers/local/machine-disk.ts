import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A local machine's disk: one ext4 filesystem in a sparse image file, loop-mounted (root only),
 * holding everything the machine can write (its home) and the files it reads from the host (its
 * /etc files, its install log). The image bounds the machine's disk in total; it costs only what
 * is written; it outlives a server restart like the machine's processes do, and a host restart
 * (the mount comes back at the machine's next command). Because the machine's folders are binds
 * from this filesystem's root, `/proc/self/mountinfo` inside shows `/home` on a loop device,
 * never the host's data path. 5% is kept for root (mkfs' default): the install log, written by
 * the server, still has room when the machine fills its disk.
 */
const run = promisify(execFile);

export const imageOf = (dir: string) => path.join(dir, 'disk.img');

export function isMounted(point: string): boolean {
  try {
    return fs.statSync(point).dev !== fs.statSync(path.dirname(point)).dev;
  } catch {
    return false;
  }
}

const mountArgs = (image: string, point: string) => ['-o', 'loop,nosuid,nodev,noatime', '-t', 'ext4', image, point];

export async function createDisk(dir: string, point: string, sizeMb: number): Promise<void> {
  const image = imageOf(dir);
  fs.mkdirSync(point, { recursive: true, mode: 0o755 });
  const fd = fs.openSync(image, 'wx', 0o600);
  try {
    fs.ftruncateSync(fd, sizeMb * 1024 * 1024);
  } finally {
    fs.closeSync(fd);
  }
  // lazy_itable_init: the image stays sparse and mkfs takes milliseconds
  await run('mkfs.ext4', ['-q', '-F', '-m', '5', '-E', 'root_owner=0:0,lazy_itable_init=1,lazy_journal_init=1', image], { env: { PATH: '/usr/sbin:/sbin:/usr/bin:/bin' } });
  await run('mount', mountArgs(image, point), { env: { PATH: '/usr/sbin:/sbin:/usr/bin:/bin' } });
  fs.rmSync(path.join(point, 'lost+found'), { recursive: true, force: true });
  fs.chmodSync(point, 0o755);
}

/** Mounts the machine's disk again when it is not (a host restart); false when there is none. */
export function ensureMounted(dir: string, point: string): boolean {
  if (isMounted(point)) return true;
  if (!fs.existsSync(imageOf(dir))) return false;
  const res = spawnSync('mount', mountArgs(imageOf(dir), point), { env: { PATH: '/usr/sbin:/sbin:/usr/bin:/bin' }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`cannot mount the disk of ${dir}: ${(res.stderr || res.error?.message || '').trim()}`);
  return true;
}

/** Unmounts (its processes must be gone; lazily if something still holds it) and deletes the image. */
export async function removeDisk(dir: string, point: string): Promise<void> {
  const env = { PATH: '/usr/sbin:/sbin:/usr/bin:/bin' };
  for (let attempt = 0; isMounted(point) && attempt < 5; attempt++) {
    await run('umount', [point], { env }).catch(() => new Promise((r) => setTimeout(r, 100)));
  }
  if (isMounted(point)) await run('umount', ['-l', point], { env });
  fs.rmSync(imageOf(dir), { force: true });
}
