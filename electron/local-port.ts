/**
 * Starts something on the port it had before, or on a free one (0) when there was none or it is
 * taken now (EADDRINUSE); any other failure is the caller's.
 */
export async function keepingPort<T>(saved: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (saved === undefined) return start(0);
  try {
    return await start(saved);
  } catch (err) {
    if ((err as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') throw err;
    return start(0);
  }
}
