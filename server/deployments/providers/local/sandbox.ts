import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bwrapOptions } from './bwrap-options';
import { detectCgroups, joinScript, type Cgroups } from './cgroups';
import { createDisk, ensureMounted, imageOf, removeDisk } from './machine-disk';
import { seccompBytes, seccompSupported } from './seccomp';
import { machineDefaults } from './machine-defaults';
import type { MachinePaths } from './machine-paths';
import { claimUid, releaseUid, type UidPool } from './uid-claims';

/**
 * How a local machine's processes are confined. With bubblewrap (Debian's `bubblewrap`, the tool
 * Flatpak uses) every process of a machine runs in its own user, pid, ipc, network, uts and mount
 * namespaces, sees only /usr (read-only), a small /etc, its own /proc, /dev and /tmp, and its home
 * folder; it runs as an unprivileged account inside, and — when the server runs as root — as an
 * unprivileged host uid of its own outside. A seccomp filter (./seccomp.ts) and no nested user
 * namespaces narrow the kernel it reaches. Memory, processes and CPU are limited for the machine as
 * a whole in a control group of its own (./cgroups.ts), and its disk by a filesystem of its own
 * (./machine-disk.ts). Nothing of the server's data folder, the checkout, key files or other
 * machines exists there, and no path of the host's data folder shows in it.
 */
export type SandboxMode = 'bwrap' | 'none';

export interface SandboxSettings {
  /** `auto`: bubblewrap when it works here, else none; `bwrap`: required; `none`: never (simulates a host without one) */
  want: 'auto' | 'bwrap' | 'none';
  /** first host uid of machine accounts when the server runs as root (one uid per machine from there) */
  uidBase: number;
  /** the host-wide folder where those uids are claimed (./uid-claims.ts) */
  uidClaimsDir: string;
  /** the whole machine's memory (its group; per process without one) */
  memoryMb: number;
  maxProcesses: number;
  maxFileMb: number;
  /** CPU time of the whole machine, in CPUs */
  cpus: number;
  /** the whole machine's disk */
  diskMb: number;
  tmpMb: number;
  shmMb: number;
  /**
   * `machine`: where memory, processes, CPU and disk cannot be limited per machine (no writable
   * cgroups, not root), only admins start local machines; `per-process`: accept per-process limits there
   */
  limits: 'machine' | 'per-process';
  /** `detect`: control groups and a disk per machine where this host can make them; `none`: never (simulates a host that cannot) */
  hostLimits: 'detect' | 'none';
}

export const defaultSandboxSettings: SandboxSettings = {
  want: 'auto',
  ...machineDefaults,
  tmpMb: 64,
  shmMb: 16,
  hostLimits: 'detect',
};

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
  /** what limits machines here: the whole machine, or (no writable cgroups, not root) each process */
  limits: 'machine' | 'per-process';
  /** why machines are limited per process only */
  limitsReason: string | undefined;
  /** makes a new machine's disk and control group (paths.groups is set) */
  provision(paths: MachinePaths): Promise<void>;
  /** prepares a new machine's folders (ownership, /etc files) */
  prepare(paths: MachinePaths): void;
  /** ends what provision made, once the machine's processes are gone */
  release(paths: MachinePaths): Promise<void>;
  /** pids in the machine's control group */
  groupPids(paths: MachinePaths): number[];
  /** the command line that runs `argv` inside the machine; `tty` for terminal shells */
  command(paths: MachinePaths, argv: string[], o?: { tty?: boolean }): LaunchCommand;
}

const insideUid = 1000;
/** Docker, Podman or a Kubernetes pod */
const inContainer = () => fs.existsSync('/.dockerenv') || fs.existsSync('/run/.containerenv') || !!process.env.KUBERNETES_SERVICE_HOST;
const isRoot = () => process.getuid?.() === 0;

const uidSpan = 60_000;

function which(bin: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin']) {
    const file = path.join(dir, bin);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
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
  else if (!seccompSupported(process.arch)) reason = `no seccomp filter for ${process.arch} (x64 and arm64 have one)`;

  let cgroups: Cgroups | undefined;
  let limitsReason: string | undefined;
  if (!reason) {
    if (settings.hostLimits === 'none') limitsReason = 'machine limits are off';
    else if (!root) limitsReason = 'the server does not run as root: it cannot make control groups or a disk per machine';
    else if (!which('mkfs.ext4') || !fs.existsSync('/dev/loop-control')) limitsReason = 'no loop devices or mkfs.ext4 for a disk per machine';
    else ({ cgroups, reason: limitsReason } = detectCgroups());
  }

  const etcFiles = (paths: MachinePaths) => path.join(paths.disk, 'etc');
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
  const mb = 1024 * 1024;
  // bubblewrap reads its options and the seccomp filter from these descriptors, so its pid 1's
  // command line (/proc/1/cmdline inside) names no host path. 3 is the UI's socket.
  const argsFd = 5;
  const seccompFd = 6;
  const filter = reason ? Buffer.alloc(0) : seccompBytes(process.arch as 'x64' | 'arm64');

  const machineLimits = { memoryMb: settings.memoryMb, maxProcesses: settings.maxProcesses, cpus: settings.cpus };
  const groupName = (paths: MachinePaths) =>
    // hostnames are unique in one data folder only: the folder's path tells machines of two Launchpads apart
    `launchpad-${paths.hostname}-${createHash('sha256').update(paths.dir).digest('hex').slice(0, 10)}`;
  const saveGroups = (paths: MachinePaths, dirs: string[]) => {
    paths.groups = dirs;
    fs.writeFileSync(path.join(paths.dir, 'cgroups'), dirs.join('\n'), { mode: 0o600 });
  };
  /** the machine's group, made again when the host lost it (a host restart) */
  const liveGroups = (paths: MachinePaths): string[] => {
    if (!paths.groups?.length || !cgroups) return [];
    if (paths.groups.some((dir) => !fs.existsSync(dir))) saveGroups(paths, cgroups.create(groupName(paths), machineLimits));
    return paths.groups;
  };

  /** writes a file whole or not at all: commands of one machine start concurrently */
  const writeAtomic = (file: string, data: string | Buffer) => {
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(tmp, data, { mode: 0o600 });
    fs.renameSync(tmp, file);
  };

  const sandboxed = (paths: MachinePaths, argv: string[], o: { tty?: boolean } = {}): LaunchCommand => {
    const uid = paths.uid;
    if (root && uid === undefined) throw new Error(`machine ${paths.hostname} has no account of its own`);
    if (fs.existsSync(imageOf(paths.dir))) ensureMounted(paths.dir, paths.disk);
    const argsFile = path.join(paths.dir, o.tty ? 'sandbox-tty.args' : 'sandbox.args');
    const seccompFile = path.join(paths.dir, 'seccomp.bpf');
    const options = bwrapOptions({
      hostname: paths.hostname,
      etc: etcFiles(paths),
      log: paths.log,
      logInside,
      home: paths.home,
      homeInside: homeInside(),
      uid: insideUid,
      env: minimalEnv(homeInside()),
      tmpMb: settings.tmpMb,
      shmMb: settings.shmMb,
      tty: o.tty,
    });
    writeAtomic(argsFile, `${options.join('\0')}\0`);
    writeAtomic(seccompFile, filter);
    const groups = liveGroups(paths);
    const limits = [`--fsize=${settings.maxFileMb * mb}`, '--nofile=1024', '--core=0'];
    // Without a group of its own the machine is limited per process: address space.
    if (!groups.length) limits.push(`--as=${settings.memoryMb * mb}`);
    // RLIMIT_NPROC counts every process of the host uid: only meaningful with a uid per machine.
    if (root) limits.push(`--nproc=${settings.maxProcesses}`);
    const bw = [
      '--args',
      String(argsFd),
      '--seccomp',
      String(seccompFd),
      '--',
      // Terminal signals reach the pty's whole foreground group, bubblewrap included: it ignores
      // them (below) and the machine's own processes get them back.
      ...(o.tty ? ['/usr/bin/env', '--default-signal=INT,QUIT,TSTP'] : []),
      ...argv,
    ];
    const chain = [...(o.tty ? ['/usr/bin/env', '--ignore-signal=INT,QUIT,TSTP'] : []), prlimit!, ...limits, '--', bwrap!, ...bw];
    const drop = root ? [setpriv!, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--'] : [];
    // The shell joins the machine's group before anything of the machine runs, so every process
    // it starts is counted there; it opens the option and filter files for bubblewrap.
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const script = [joinScript(groups), `exec ${argsFd}<${q(argsFile)} ${seccompFd}<${q(seccompFile)}`, 'exec "$@"'].filter(Boolean).join('; ');
    return { file: '/bin/sh', args: ['-c', script, 'launchpad-machine', ...drop, ...chain], cwd: '/', env: { PATH: '/usr/bin:/bin' } };
  };

  const sandbox: Sandbox = {
    mode: 'bwrap',
    reason: undefined,
    account,
    limits: cgroups ? 'machine' : 'per-process',
    limitsReason,
    logPathInside: () => logInside,
    homeInside,
    claimUid(owner) {
      return root ? claimUid(uidPool, owner) : undefined;
    },
    releaseUid(uid, owner) {
      if (root && uid !== undefined) releaseUid(uidPool, uid, owner);
    },
    async provision(paths) {
      if (!cgroups) {
        fs.mkdirSync(paths.disk, { recursive: true, mode: 0o755 });
        return;
      }
      await createDisk(paths.dir, paths.disk, settings.diskMb);
      saveGroups(paths, cgroups.create(groupName(paths), machineLimits));
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
        for (const dir of [paths.disk, paths.dir, path.dirname(paths.dir)]) fs.chmodSync(dir, 0o711);
        ensureTraversable(path.dirname(path.dirname(paths.dir)));
        fs.chmodSync(paths.log, 0o644);
        chownTree(paths.home, paths.uid!);
      }
    },
    async release(paths) {
      if (paths.groups?.length && cgroups) {
        for (let attempt = 0; !cgroups.remove(paths.groups) && attempt < 20; attempt++) await new Promise((r) => setTimeout(r, 50));
      }
      if (fs.existsSync(imageOf(paths.dir))) await removeDisk(paths.dir, paths.disk);
    },
    groupPids: (paths) => (paths.groups?.length && cgroups ? cgroups.pids(paths.groups) : []),
    command: sandboxed,
  };

  // Probe with the confinement machines get, as a throw-away machine: once per process and settings.
  if (!reason) reason = probedOnce(JSON.stringify([settings, account, root, bwrap, process.env.TMPDIR]), () => probe(sandbox, root, settings.uidBase));
  if (!reason) return sandbox;
  return {
    mode: 'none',
    reason,
    account: process.env.USER ?? 'launchpad',
    limits: 'per-process',
    limitsReason: reason,
    logPathInside: (paths) => paths.log,
    homeInside: (paths) => paths.home,
    claimUid: () => undefined,
    releaseUid: () => undefined,
    provision: async (paths) => void fs.mkdirSync(paths.disk, { recursive: true }),
    prepare: () => undefined,
    release: async () => undefined,
    groupPids: () => [],
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

const probes = new Map<string, string | undefined>();
/** What a probe answered, kept for the process: a host does not gain or lose bubblewrap while it runs (and tests start many servers). */
function probedOnce(key: string, run: () => string | undefined): string | undefined {
  if (!probes.has(key)) probes.set(key, run());
  return probes.get(key);
}

/** Runs a check as a throw-away machine in `sandbox`: why no sandbox can be made here, or undefined when it can. */
function probe(sandbox: Sandbox, root: boolean, uidBase: number): string | undefined {
  const probeDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'lp-sandbox-probe-'));
  try {
    const paths: MachinePaths = {
      hostname: 'lp-probe',
      dir: path.join(probeDir, 'm'),
      disk: path.join(probeDir, 'm', 'disk'),
      home: path.join(probeDir, 'm', 'disk', 'home'),
      log: path.join(probeDir, 'm', 'disk', 'log'),
      uid: root ? uidBase + uidSpan : undefined,
    };
    fs.mkdirSync(paths.home, { recursive: true });
    fs.writeFileSync(paths.log, '');
    sandbox.prepare(paths);
    const cmd = sandbox.command(paths, ['/bin/sh', '-c', 'test "$(id -u)" = 1000']);
    const res = spawnSync(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, timeout: 10_000, encoding: 'utf8' });
    if (res.status === 0) return undefined;
    const said = (res.stderr || res.error?.message || `exit ${res.status}`).trim();
    // In a container bwrap blames the kernel; the container's seccomp profile is what refuses.
    return inContainer() && /namespace/i.test(said)
      ? 'it runs in a container whose security profile refuses the user namespaces bubblewrap needs'
      : `bubblewrap cannot make a sandbox here: ${said.slice(0, 200)}`;
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}
