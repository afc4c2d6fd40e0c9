/**
 * `npm run bench`: every benchmark in turn, each in its own process (each stays runnable on its
 * own), then one table of all their figures with the goals beside them. Each script leaves its
 * figures in bench/results/<name>.json; a script that fails shows up as failed, never with the
 * figures of an earlier run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, metText, printTable, resultsDir, type BenchResult } from './support/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const allBenches = ['api', 'terminal', 'sandbox', 'pings', 'billing', 'renderer', 'lighthouse', 'startup'];
/** `BENCH_ONLY=api,pings,startup` runs those only (e.g. one issue's goals in one run). */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const benches = only ? allBenches.filter((b) => only.includes(b)) : allBenches;

function run(name: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`)], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
}

async function main() {
  const rows: string[][] = [];
  let met = 0;
  let missed = 0;
  const failed: string[] = [];
  for (const name of benches) {
    const file = path.join(resultsDir, `${name}.json`);
    fs.rmSync(file, { force: true });
    console.log(`\n=== bench:${name} ===`);
    const t0 = performance.now();
    const code = await run(name);
    console.log(`=== bench:${name} exited with ${code} after ${((performance.now() - t0) / 1000).toFixed(0)} s ===`);
    if (code !== 0 || !fs.existsSync(file)) {
      failed.push(name);
      rows.push([name, 'the script failed', `exit code ${code}`, '', 'FAILED']);
      continue;
    }
    const result = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResult;
    for (const f of result.figures) {
      if (f.met === true) met++;
      if (f.met === false) missed++;
      rows.push([name, f.figure, f.value, f.goal, metText(f.met)]);
    }
  }
  console.log(`\nAll benchmarks — ${machine()}`);
  printTable(['bench', 'figure', 'value', 'goal', 'met'], rows);
  console.log(`\ngoals met: ${met}, missed: ${missed}${failed.length ? `; failed scripts: ${failed.join(', ')}` : ''}`);
  process.exitCode = failed.length ? 1 : 0;
}

await main();
