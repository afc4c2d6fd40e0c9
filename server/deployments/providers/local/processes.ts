import fs from 'node:fs';
import path from 'node:path';
import type { MachinePaths } from './machine-paths';

/** process groups (leader pids) of the shells and commands running per machine */
export type ProcessGroups = Map<string, Set<number>>;

/** Signals a whole process group; false when it is gone already. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) [ZX]/s.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Host pids whose real uid is `uid` (Linux /proc). */
export function pidsOfUid(uid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** This process's pid namespace (`pid:[4026531836]`): pids from another (a replica's container on the same data volume) name other processes here. */
function ownPidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return 'unknown';
  }
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat): a pid reused by a new process has another. */
function startTime(pid: number): string | undefined {
  try {
    return fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')[19];
  } catch {
    return undefined;
  }
}

/** What `machine.pid` holds: the pid, the namespace it is valid in and the process's start time. */
export function machinePidRecord(pid: number): string {
  return `${pid} ${ownPidNamespace()} ${startTime(pid) ?? '-'}\n`;
}

/**
 * The machine's sandbox pid when it is this instance's to signal: recorded in this pid namespace
 * and still the same process. Another replica's machine (same data volume, other container) or a
 * pid since reused is never signalled. A bare number is an earlier release's record, trusted as before.
 */
export function readMachinePid(file: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  const [pidText, namespace, started] = text.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 1) return undefined;
  if (namespace === undefined) return pid;
  if (namespace !== ownPidNamespace()) return undefined;
  return started === '-' || started === startTime(pid) ? pid : undefined;
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 1 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Machines from before the sandbox kept their pid files where the machine could write them: a pid
 * is only trusted when that process still works inside the machine's folder.
 */
function legacyPids(dir: string): number[] {
  return ['bootstrap.pid', 'ui.pid']
    .map((f) => readPid(path.join(dir, f)))
    .filter((pid): pid is number => {
      if (!pid) return false;
      try {
        return fs.realpathSync(`/proc/${pid}/cwd`).startsWith(fs.realpathSync(dir));
      } catch {
        return false;
      }
    });
}

/**
 * Ends everything a machine runs: its main sandbox (bubblewrap's pid 1 takes the whole pid
 * namespace with it), its open shells and commands, and — with a host uid of its own — any
 * process left of that uid, and any left in its control group. SIGTERM first, SIGKILL for whatever is left after a moment.
 */
export async function killMachineProcesses(paths: MachinePaths & { uid?: number }, groups: Set<number> | undefined, inGroup: () => number[] = () => []): Promise<void> {
  const leaders = [readMachinePid(path.join(paths.dir, 'machine.pid')), ...(groups ?? [])].filter((p): p is number => !!p);
  const legacy = legacyPids(paths.dir);
  const everything = () => [...leaders, ...legacy, ...(paths.uid ? pidsOfUid(paths.uid) : []), ...inGroup()];
  for (const pid of leaders) killGroup(pid, 'SIGTERM');
  for (const pid of legacy) if (!killGroup(pid, 'SIGTERM')) kill(pid, 'SIGTERM');
  const deadline = Date.now() + 1500;
  while (everything().some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of everything()) if (!killGroup(pid, 'SIGKILL')) kill(pid, 'SIGKILL');
}

function kill(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}
