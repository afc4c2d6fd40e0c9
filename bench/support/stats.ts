/** Small number helpers shared by the benchmark scripts. */

/** `BENCH_QUICK=1`: short loads and small sizes, to check that a script works (figures are not meaningful). */
export const quick = process.env.BENCH_QUICK === '1';

/** The value at quantile q (0..1) of an ascending list, nearest rank. */
export const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

export const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-');

export const ms = (n: number): string => (!Number.isFinite(n) ? '-' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 2 : 1)} ms`);

/** decimal megabytes, as the goals are written */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

export const sleep = (msec: number) => new Promise<void>((resolve) => setTimeout(resolve, msec));

/** Exits the process when a bench runs past its time budget (a hung server must not hang `npm run bench`). */
export function watchdog(name: string, limitMs: number): void {
  setTimeout(() => {
    console.error(`bench:${name} gave up after ${Math.round(limitMs / 1000)} s`);
    process.exit(1);
  }, limitMs).unref();
}
