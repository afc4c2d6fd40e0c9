import fs from 'node:fs';
import path from 'node:path';

/** What bubblewrap needs to know of one machine; host paths are `etc`, `log` and `home`. */
export interface BwrapMachine {
  hostname: string;
  /** the machine's /etc files (passwd, group, hostname, hosts) */
  etc: string;
  log: string;
  logInside: string;
  home: string;
  homeInside: string;
  /** the account's uid and gid inside */
  uid: number;
  env: Record<string, string>;
  tmpMb: number;
  shmMb: number;
  /** a terminal shell: keeps its pty as controlling terminal */
  tty?: boolean;
}

const mb = 1024 * 1024;

/** The root of the filesystem a machine sees: /usr read-only and the merged-/usr links. */
function baseArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const link of ['bin', 'sbin', 'lib', 'lib64', 'lib32']) {
    const host = `/${link}`;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.lstatSync(host);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(host), host);
    else if (stat.isDirectory()) args.push('--ro-bind', host, host);
  }
  // Binaries outside /usr that the machine's scripts need (node from a version manager).
  const node = process.execPath;
  if (!node.startsWith('/usr/')) args.push('--ro-bind', path.dirname(path.dirname(node)), path.dirname(path.dirname(node)));
  for (const etc of ['/etc/alternatives', '/etc/localtime', '/etc/ld.so.cache']) {
    if (fs.existsSync(etc)) args.push('--ro-bind', etc, etc);
  }
  return args;
}

/** bubblewrap's options for a machine: every host path of the machine is among them. */
export function bwrapOptions(o: BwrapMachine): string[] {
  return [
    '--unshare-all',
    // a user namespace of its own, in which no further one can be made (unshare -U fails)
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    // A terminal keeps its pty as controlling terminal; everything else gets a session of its own
    // (no TIOCSTI into a terminal it does not own).
    ...(o.tty ? [] : ['--new-session']),
    '--cap-drop',
    'ALL',
    '--uid',
    String(o.uid),
    '--gid',
    String(o.uid),
    '--hostname',
    o.hostname,
    ...baseArgs(),
    '--ro-bind',
    o.etc,
    '/etc/launchpad',
    '--symlink',
    '/etc/launchpad/passwd',
    '/etc/passwd',
    '--symlink',
    '/etc/launchpad/group',
    '/etc/group',
    '--symlink',
    '/etc/launchpad/hostname',
    '/etc/hostname',
    '--symlink',
    '/etc/launchpad/hosts',
    '/etc/hosts',
    '--proc',
    '/proc',
    // /dev is a tmpfs as large as half the host's memory: read-only, with a small /dev/shm of its own.
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(o.shmMb * mb),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--size',
    String(o.tmpMb * mb),
    '--tmpfs',
    '/tmp',
    '--ro-bind',
    o.log,
    o.logInside,
    '--bind',
    o.home,
    o.homeInside,
    // Nothing but the home folder, /tmp and /dev/shm is writable, not even the sandbox's own root.
    '--remount-ro',
    '/',
    '--chdir',
    o.homeInside,
    '--clearenv',
    ...Object.entries(o.env).flatMap(([k, v]) => ['--setenv', k, v]),
  ];
}
