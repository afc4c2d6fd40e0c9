import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One measured figure with its goal; `met` is undefined for figures printed for orientation only. */
export interface Figure {
  figure: string;
  value: string;
  goal: string;
  met?: boolean;
}

export interface BenchResult {
  name: string;
  machine: string;
  at: string;
  figures: Figure[];
  notes: string[];
}

export const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export const machine = (): string =>
  `${os.cpus().length} x ${(os.cpus()[0]?.model ?? 'unknown CPU').trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

export const metText = (met: boolean | undefined): string => (met === undefined ? '-' : met ? 'met' : 'MISSED');

export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  printTable(
    ['figure', 'value', 'goal', 'met'],
    figures.map((f) => [f.figure, f.value, f.goal, metText(f.met)]),
  );
}

/** Prints the script's figures last and keeps them for `npm run bench` (bench/results/<name>.json). */
export function report(name: string, title: string, figures: Figure[], notes: string[] = []): void {
  const result: BenchResult = { name, machine: machine(), at: new Date().toISOString(), figures, notes };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  for (const n of notes) console.log(`note: ${n}`);
  printFigures(`${title} — ${result.machine}`, figures);
}

/** Runs a benchmark's main and exits: 0 when it finished, 1 (after printing why) when it threw. */
export function runBench(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`${name} failed:`, err);
      process.exit(1);
    },
  );
}
