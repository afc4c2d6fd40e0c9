import fs from 'node:fs';

/**
 * Host processes as tests see them. A local machine has a pid namespace of its own, so `$$` or `$!`
 * typed in its shell are not host pids: a job is found on the host by a command line nobody else
 * runs (`sleep <unique number>`).
 */

/** false for processes that are gone or only a zombie waiting to be reaped */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A number of seconds no other `sleep` of this run uses. */
export const uniqueSeconds = (): number => 100_000 + Math.floor(Math.random() * 800_000);

/** The host pid of `sleep <seconds>`, once it runs. */
export function hostPidOf(seconds: number): number | undefined {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8') === `sleep\u0000${seconds}\u0000`) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
