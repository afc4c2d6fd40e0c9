import fs from 'node:fs';
import path from 'node:path';

/**
 * A local machine's control group: memory, processes and CPU limited for the machine as a whole
 * (its UI server, setup steps and every terminal together). cgroup v2 where the host has the
 * controllers there, else the v1 `memory`, `pids` and `cpu` hierarchies (hosts and VMs still
 * running the hybrid layout). Groups are made under the server's own group where the hierarchy
 * lets them be (see prepareV2), so whatever limits the server itself is under apply to its
 * machines too.
 */
export interface MachineLimits {
  memoryMb: number;
  maxProcesses: number;
  cpus: number;
}

export interface Cgroups {
  version: 1 | 2;
  /** makes the machine's group (one folder per hierarchy) with its limits; answers the folders */
  create(name: string, limits: MachineLimits): string[];
  /** pids of every process in those folders */
  pids(dirs: string[]): number[];
  /** removes the folders (their processes must be gone); false while one still has processes */
  remove(dirs: string[]): boolean;
}

const controllers = ['memory', 'pids', 'cpu'] as const;
const mb = 1024 * 1024;
const cpuPeriodUs = 100_000;

interface Mount {
  root: string;
  point: string;
  type: string;
  superOptions: string[];
}

function parseMounts(mountinfo: string): Mount[] {
  return mountinfo
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [left, right = ''] = line.split(' - ');
      const f = left!.split(' ');
      const [type = '', , superOpts = ''] = right.split(' ');
      return { root: unescape(f[3]!), point: unescape(f[4]!), type, superOptions: superOpts.split(',') };
    });
}
const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));

/** the process's own group per hierarchy: `0` for v2, else the v1 controller list ("cpu,cpuacct") */
function parseOwnGroups(procCgroup: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of procCgroup.split('\n').filter(Boolean)) {
    const [id, list, ...rest] = line.split(':');
    out.set(id === '0' && list === '' ? '0' : list!, rest.join(':'));
  }
  return out;
}

/**
 * The folders of a process's own groups, from its /proc/self/mountinfo and /proc/self/cgroup:
 * the v2 one, and the v1 memory, pids and cpu ones where all three are mounted.
 */
export function locateCgroups(mountinfo: string, procCgroup: string): { v2?: { own: string; top: string }; v1?: Record<(typeof controllers)[number], string> } {
  const all = parseMounts(mountinfo);
  const own = parseOwnGroups(procCgroup);
  const v2Mount = all.find((m) => m.type === 'cgroup2');
  const v2Group = own.get('0');
  const v2Own = v2Mount && v2Group !== undefined ? dirOf(v2Mount, v2Group) : undefined;
  const v2 = v2Own ? { own: v2Own, top: v2Mount!.point } : undefined;
  const v1: Partial<Record<(typeof controllers)[number], string>> = {};
  for (const c of controllers) {
    const mount = all.find((m) => m.type === 'cgroup' && m.superOptions.includes(c));
    const entry = [...own.entries()].find(([list]) => list.split(',').includes(c));
    const dir = mount && entry ? dirOf(mount, entry[1]) : undefined;
    if (dir) v1[c] = dir;
  }
  const complete = controllers.every((c) => v1[c]);
  return { ...(v2 ? { v2 } : {}), ...(complete ? { v1: v1 as Record<(typeof controllers)[number], string> } : {}) };
}

/** where `group` (a path as /proc/self/cgroup shows it) is under `mount` */
function dirOf(mount: Mount, group: string): string | undefined {
  if (mount.root === '/') return path.join(mount.point, group);
  if (group === mount.root || group.startsWith(`${mount.root}/`)) return path.join(mount.point, group.slice(mount.root.length));
  return undefined;
}

const read = (file: string) => fs.readFileSync(file, 'utf8').trim();
const write = (file: string, value: string) => fs.writeFileSync(file, value);

function procsOf(dir: string): number[] {
  try {
    return read(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const enabledIn = (dir: string) => read(path.join(dir, 'cgroup.subtree_control')).split(/\s+/);
const handDown = (dir: string) => {
  if (!controllers.every((c) => enabledIn(dir).includes(c))) write(path.join(dir, 'cgroup.subtree_control'), controllers.map((c) => `+${c}`).join(' '));
};

/**
 * Where machines' groups go on cgroup v2, which only lets processes sit in groups whose
 * controllers are not handed down: under the server's own group when that one hands them down
 * already (a delegated subtree) or can (it holds no process, as the root group of a container);
 * else in a `launchpad-machines` group at the top of the hierarchy (as Docker's cgroupfs driver
 * does), beside the server's group rather than under it.
 */
export function prepareV2(own: string, top: string): { base: string; reason?: undefined } | { base?: undefined; reason: string } {
  const available = read(path.join(own, 'cgroup.controllers')).split(/\s+/);
  const missing = controllers.filter((c) => !available.includes(c));
  if (missing.length) return { reason: `the cgroup v2 controllers ${missing.join(', ')} are not available in ${own}` };
  try {
    handDown(own);
    return { base: own };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EBUSY') return { reason: `cannot hand controllers down in ${own}: ${(err as Error).message}` };
  }
  handDown(top);
  const base = path.join(top, 'launchpad-machines');
  fs.mkdirSync(base, { recursive: true });
  handDown(base);
  return { base };
}

/** The host's writable cgroups, or why there are none. */
export function detectCgroups(): { cgroups: Cgroups; reason?: undefined } | { cgroups?: undefined; reason: string } {
  if (process.platform !== 'linux') return { reason: `${process.platform} has no cgroups` };
  let found: ReturnType<typeof locateCgroups>;
  try {
    found = locateCgroups(fs.readFileSync('/proc/self/mountinfo', 'utf8'), fs.readFileSync('/proc/self/cgroup', 'utf8'));
  } catch (err) {
    return { reason: `cannot read this process's cgroups: ${(err as Error).message}` };
  }
  const probe = (dirs: string[]) => {
    const name = `launchpad-probe-${process.pid}`;
    for (const dir of dirs) {
      fs.mkdirSync(path.join(dir, name));
      fs.rmdirSync(path.join(dir, name));
    }
  };

  let v2Reason: string | undefined;
  if (found.v2) {
    try {
      const prepared = prepareV2(found.v2.own, found.v2.top);
      v2Reason = prepared.reason;
      if (prepared.base) {
        probe([prepared.base]);
        return { cgroups: v2Cgroups(prepared.base) };
      }
    } catch (err) {
      v2Reason = `cgroup v2 at ${found.v2.own} is not writable: ${(err as Error).message}`;
    }
  }

  const v1 = found.v1;
  if (!v1) return { reason: v2Reason ?? 'neither cgroup v2 nor the cgroup v1 memory, pids and cpu controllers are mounted' };
  try {
    probe(Object.values(v1));
  } catch (err) {
    return { reason: `${v2Reason ? `${v2Reason}; ` : ''}cgroup v1 is not writable: ${(err as Error).message}` };
  }
  return { cgroups: v1Cgroups(v1) };
}

function v2Cgroups(base: string): Cgroups {
  return {
    version: 2,
    create(name, limits) {
      const dir = path.join(base, name);
      fs.mkdirSync(dir, { recursive: true });
      write(path.join(dir, 'memory.max'), String(limits.memoryMb * mb));
      if (fs.existsSync(path.join(dir, 'memory.swap.max'))) write(path.join(dir, 'memory.swap.max'), '0');
      write(path.join(dir, 'pids.max'), String(limits.maxProcesses));
      write(path.join(dir, 'cpu.max'), `${Math.round(limits.cpus * cpuPeriodUs)} ${cpuPeriodUs}`);
      return [dir];
    },
    pids: (dirs) => dirs.flatMap(procsOf),
    remove(dirs) {
      for (const dir of dirs) if (fs.existsSync(path.join(dir, 'cgroup.kill'))) write(path.join(dir, 'cgroup.kill'), '1');
      return removeDirs(dirs);
    },
  };
}

function v1Cgroups(bases: Record<(typeof controllers)[number], string>): Cgroups {
  return {
    version: 1,
    create(name, limits) {
      const dirs = controllers.map((c) => path.join(bases[c], name));
      for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
      const [memory, pids, cpu] = dirs as [string, string, string];
      write(path.join(memory, 'memory.limit_in_bytes'), String(limits.memoryMb * mb));
      // with swap accounting, memory + swap is limited alike: no spilling into swap
      if (fs.existsSync(path.join(memory, 'memory.memsw.limit_in_bytes'))) write(path.join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryMb * mb));
      write(path.join(pids, 'pids.max'), String(limits.maxProcesses));
      write(path.join(cpu, 'cpu.cfs_period_us'), String(cpuPeriodUs));
      write(path.join(cpu, 'cpu.cfs_quota_us'), String(Math.round(limits.cpus * cpuPeriodUs)));
      return dirs;
    },
    pids: (dirs) => [...new Set(dirs.flatMap(procsOf))],
    remove: removeDirs,
  };
}

function removeDirs(dirs: string[]): boolean {
  let removed = true;
  for (const dir of dirs) {
    try {
      fs.rmdirSync(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') removed = false;
    }
  }
  return removed;
}

/** A shell line that moves the shell itself into the groups (run before it execs the machine's command). */
export function joinScript(dirs: string[]): string {
  return dirs.map((dir) => `echo $$ > '${path.join(dir, 'cgroup.procs').replace(/'/g, `'\\''`)}' || exit 125`).join('; ');
}
