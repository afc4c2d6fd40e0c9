/** The setup guide's reads: a failure is logged only and answers `fallback` (spec 8). */
export async function logged<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    console.warn(`Setup guide: ${what} failed`, err);
    return fallback;
  }
}
