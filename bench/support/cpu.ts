import fs from 'node:fs';

const tickMs = 10; // USER_HZ is 100 on Linux

/**
 * CPU time a process has used so far (user + system, all its threads), in ms, from /proc. CPU time
 * per request is the figure a loaded machine distorts least: other work lengthens the wall time of
 * a request but not (much) the cycles it takes. undefined off Linux.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * tickMs;
  } catch {
    return undefined;
  }
}

/** CPU time of `pid` spent while `work` ran, in ms. */
export async function cpuDuring<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpuMs: number | undefined }> {
  const before = pid ? cpuMs(pid) : undefined;
  const result = await work();
  const after = pid ? cpuMs(pid) : undefined;
  return { result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}
