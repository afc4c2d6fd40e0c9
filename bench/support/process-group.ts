/**
 * What a process group (a command and everything it started) costs, read from /proc: the CPU time
 * of its processes and of the children they have reaped (user + system), and each one's RSS.
 * CPU time is what the bench reports beside start-up times: a loaded machine stretches the wall
 * clock several times over, the work done much less.
 */
import fs from 'node:fs';

export interface GroupMember {
  pid: number;
  command: string;
  rssBytes: number;
}

const ticksPerSecond = 100;

/** Fields after the command name of /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function groupPids(pgid: number): string[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && statFields(name)?.[2] === String(pgid));
}

/** CPU seconds (user + system) of the group's living processes and the children they reaped. */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of groupPids(pgid)) {
    const f = statFields(pid);
    // utime, stime, cutime, cstime are fields 14–17 of stat, 11–14 after the name
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks / ticksPerSecond;
}

export function groupMembers(pgid: number): GroupMember[] {
  const members: GroupMember[] = [];
  for (const pid of groupPids(pgid)) {
    try {
      const rssKb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      members.push({ pid: Number(pid), command, rssBytes: Number(rssKb ?? 0) * 1024 });
    } catch {
      // exited meanwhile
    }
  }
  return members;
}
