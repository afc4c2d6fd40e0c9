import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { claimUid, releaseUid, type UidPool } from './uid-claims';

/**
 * How a local machine's processes are confined. With bubblewrap (Debian's `bubblewrap`, the tool
 * Flatpak uses) every process of a machine runs in its own user, pid, ipc, network, uts and mount
 * namespaces, sees only /usr (read-only), a small /etc, its own /proc, /dev and /tmp, and its home
 * folder; it runs as an unprivileged account inside, and — when the server runs as root — as an
 * unprivileged host uid of its own outside, with limits on memory, processes, open files and file
 * size. Nothing of the server's data folder, the checkout, key files or other machines exists there.
 */
export type SandboxMode = 'bwrap' | 'none';

export interface SandboxSettings {
  /** `auto`: bubblewrap when it works here, else none; `bwrap`: required; `none`: never (simulates a host without one) */
  want: 'auto' | 'bwrap' | 'none';
  /** first host uid of machine accounts when the server runs as root (one uid per machine from there) */
  uidBase: number;
  /** the host-wide folder where those uids are claimed (./uid-claims.ts) */
  uidClaimsDir: string;
  memoryMb: number;
  maxProcesses: number;
  maxFileMb: number;
  tmpMb: number;
}

export const defaultSandboxSettings: SandboxSettings = {
  want: 'auto',
  uidBase: 200_000,
  uidClaimsDir: '/var/lib/launchpad/machine-uids',
  memoryMb: 1024,
  maxProcesses: 256,
  maxFileMb: 1024,
  tmpMb: 64,
};

/** Where a machine's files are: `dir` is the host's own (pid files, log, UI port), `home` the machine's. */
export interface MachinePaths {
  hostname: string;
  dir: string;
  home: string;
  log: string;
  /** the machine's own host uid (server running as root) */
  uid?: number;
}

export interface LaunchCommand {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface Sandbox {
  mode: SandboxMode;
  /** why there is no sandbox, when mode is `none` */
  reason: string | undefined;
  /** the account name the machine's processes run as, inside */
  account: string;
  /** path of the install log as the machine's processes see it */
  logPathInside(paths: MachinePaths): string;
  /** home folder as the machine's processes see it */
  homeInside(paths: MachinePaths): string;
  /** a host uid of its own for the machine in folder `owner` (server running as root), claimed host-wide */
  claimUid(owner: string): number | undefined;
  releaseUid(uid: number | undefined, owner: string): void;
  /** prepares a new machine's folders (ownership, /etc files) */
  prepare(paths: MachinePaths): void;
  /** the command line that runs `argv` inside the machine; `tty` for terminal shells */
  command(paths: MachinePaths, argv: string[], o?: { tty?: boolean }): LaunchCommand;
}

const insideUid = 1000;
const isRoot = () => process.getuid?.() === 0;

const uidSpan = 60_000;

function which(bin: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin']) {
    const file = path.join(dir, bin);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

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

/**
 * Finds out once, at start-up, whether a sandbox can be made here: bubblewrap installed and user
 * namespaces allowed (a probe runs `true` in the same confinement machines get).
 */
export function createSandbox(settings: SandboxSettings, account: string): Sandbox {
  const bwrap = which('bwrap');
  const root = isRoot();
  const uidPool: UidPool = { claimsDir: settings.uidClaimsDir, base: settings.uidBase, span: uidSpan };
  const setpriv = which('setpriv');
  const prlimit = which('prlimit');
  let reason: string | undefined;
  if (settings.want === 'none') reason = 'LOCAL_SANDBOX is none';
  else if (!bwrap) reason = 'bubblewrap (bwrap) is not installed';
  else if (process.platform !== 'linux') reason = `${process.platform} has no user namespaces`;
  else if (root && !setpriv) reason = 'setpriv (util-linux) is not installed';
  else if (!prlimit) reason = 'prlimit (util-linux) is not installed';

  const etcFiles = (paths: MachinePaths) => path.join(paths.dir, 'etc');
  const homeInside = () => `/home/${account}`;
  const logInside = '/var/log/cloud-init-output.log';
  const minimalEnv = (home: string) => ({
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USER: account,
    LOGNAME: account,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
  });

  const sandboxed = (paths: MachinePaths, argv: string[], o: { tty?: boolean } = {}): LaunchCommand => {
    const uid = paths.uid;
    if (root && uid === undefined) throw new Error(`machine ${paths.hostname} has no account of its own`);
    const env = minimalEnv(homeInside());
    const mb = 1024 * 1024;
    const limits = [`--as=${settings.memoryMb * mb}`, `--fsize=${settings.maxFileMb * mb}`, '--nofile=1024', '--core=0'];
    // RLIMIT_NPROC counts every process of the host uid: only meaningful with a uid per machine.
    if (root) limits.push(`--nproc=${settings.maxProcesses}`);
    const bw = [
      '--unshare-all',
      '--die-with-parent',
      // A terminal keeps its pty as controlling terminal; everything else gets a session of its own
      // (no TIOCSTI into a terminal it does not own).
      ...(o.tty ? [] : ['--new-session']),
      '--cap-drop',
      'ALL',
      '--uid',
      String(insideUid),
      '--gid',
      String(insideUid),
      '--hostname',
      paths.hostname,
      ...baseArgs(),
      '--ro-bind',
      etcFiles(paths),
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
      '--dev',
      '/dev',
      '--size',
      String(settings.tmpMb * mb),
      '--tmpfs',
      '/tmp',
      '--ro-bind',
      paths.log,
      logInside,
      '--bind',
      paths.home,
      homeInside(),
      // Nothing but the home folder and /tmp is writable, not even the sandbox's own root.
      '--remount-ro',
      '/',
      '--chdir',
      homeInside(),
      '--clearenv',
      ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
      '--',
      // Terminal signals reach the pty's whole foreground group, bubblewrap included: it ignores
      // them (below) and the machine's own processes get them back.
      ...(o.tty ? ['/usr/bin/env', '--default-signal=INT,QUIT,TSTP'] : []),
      ...argv,
    ];
    const chain = [...(o.tty ? ['/usr/bin/env', '--ignore-signal=INT,QUIT,TSTP'] : []), prlimit!, ...limits, '--', bwrap!, ...bw];
    const drop = root ? [setpriv!, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--'] : [];
    const [file, ...args] = [...drop, ...chain];
    return { file: file!, args, cwd: '/', env: { PATH: '/usr/bin:/bin' } };
  };

  const sandbox: Sandbox = {
    mode: 'bwrap',
    reason: undefined,
    account,
    logPathInside: () => logInside,
    homeInside,
    claimUid(owner) {
      return root ? claimUid(uidPool, owner) : undefined;
    },
    releaseUid(uid, owner) {
      if (root && uid !== undefined) releaseUid(uidPool, uid, owner);
    },
    prepare(paths) {
      fs.mkdirSync(etcFiles(paths), { recursive: true, mode: 0o755 });
      fs.writeFileSync(
        path.join(etcFiles(paths), 'passwd'),
        `root:x:0:0:root:/root:/usr/sbin/nologin\n${account}:x:${insideUid}:${insideUid}:${account}:${homeInside()}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
        { mode: 0o644 },
      );
      fs.writeFileSync(path.join(etcFiles(paths), 'group'), `root:x:0:\n${account}:x:${insideUid}:\nnogroup:x:65534:\n`, { mode: 0o644 });
      fs.writeFileSync(path.join(etcFiles(paths), 'hostname'), `${paths.hostname}\n`, { mode: 0o644 });
      fs.writeFileSync(path.join(etcFiles(paths), 'hosts'), `127.0.0.1 localhost ${paths.hostname}\n`, { mode: 0o644 });
      if (root) {
        // The sandbox account must reach its own home to bind it (and nothing else).
        for (const dir of [paths.dir, path.dirname(paths.dir)]) fs.chmodSync(dir, 0o711);
        ensureTraversable(path.dirname(path.dirname(paths.dir)));
        fs.chmodSync(paths.log, 0o644);
        chownTree(paths.home, paths.uid!);
      }
    },
    command: sandboxed,
  };

  if (!reason) {
    // Probe with the confinement machines get, as a throw-away machine.
    const probeDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'lp-sandbox-probe-'));
    try {
      const paths: MachinePaths = {
        hostname: 'lp-probe',
        dir: path.join(probeDir, 'm'),
        home: path.join(probeDir, 'm', 'home'),
        log: path.join(probeDir, 'm', 'log'),
        uid: root ? settings.uidBase + uidSpan : undefined,
      };
      fs.mkdirSync(paths.home, { recursive: true });
      fs.writeFileSync(paths.log, '');
      sandbox.prepare(paths);
      const cmd = sandboxed(paths, ['/bin/sh', '-c', 'test "$(id -u)" = 1000']);
      const res = spawnSync(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, timeout: 10_000, encoding: 'utf8' });
      if (res.status !== 0) reason = `bubblewrap cannot make a sandbox here: ${(res.stderr || res.error?.message || `exit ${res.status}`).trim().slice(0, 200)}`;
    } finally {
      fs.rmSync(probeDir, { recursive: true, force: true });
    }
  }
  if (!reason) return sandbox;
  return {
    mode: 'none',
    reason,
    account: process.env.USER ?? 'launchpad',
    logPathInside: (paths) => paths.log,
    homeInside: (paths) => paths.home,
    claimUid: () => undefined,
    releaseUid: () => undefined,
    prepare: () => undefined,
    command: (paths, argv) => ({ file: argv[0]!, args: argv.slice(1), cwd: paths.home, env: { ...minimalEnv(paths.home), USER: process.env.USER ?? 'launchpad' } }),
  };
}

/** Adds the search (x) bit for others on `dir` and its parents that lack it; never read or write. */
function ensureTraversable(dir: string) {
  for (let d = dir; ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(d, (mode & 0o7777) | 0o001);
    if (path.dirname(d) === d) return;
  }
}

function chownTree(dir: string, uid: number) {
  fs.chownSync(dir, uid, uid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    fs.lchownSync(file, uid, uid);
  }
}
