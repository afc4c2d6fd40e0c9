import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

interface Outcome {
  fault: string;
  check: string;
  held: boolean;
  notes: string[];
  seconds: number;
}

const outcomes: Outcome[] = [];
const reportFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/faults-report.md');

/** A fault test: its outcome (and any figures it notes) goes into the report whether it held or not. */
export function faultTest(fault: string, check: string, fn: (note: (line: string) => void) => Promise<void>, timeoutMs = 60_000): void {
  it(
    `${fault}: ${check}`,
    async () => {
      const started = Date.now();
      const notes: string[] = [];
      try {
        await fn((line) => notes.push(line));
        outcomes.push({ fault, check, held: true, notes, seconds: (Date.now() - started) / 1000 });
      } catch (err) {
        outcomes.push({ fault, check, held: false, notes: [...notes, `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`], seconds: (Date.now() - started) / 1000 });
        throw err;
      }
    },
    timeoutMs,
  );
}

/** Records a fault the suite could not exercise here (e.g. no PostgreSQL binaries). */
export function faultSkipped(fault: string, why: string): void {
  outcomes.push({ fault, check: `skipped: ${why}`, held: false, notes: [], seconds: 0 });
}

export function writeFaultReport(): string {
  const held = outcomes.filter((o) => o.held).length;
  const lines = [
    '# Fault report',
    '',
    `${held} of ${outcomes.length} faults survived (${new Date().toISOString()}).`,
    '',
    '| Fault | Check | Result | Time |',
    '|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.fault} | ${o.check}${o.notes.length ? `<br>${o.notes.join('<br>')}` : ''} | ${o.held ? 'held' : o.check.startsWith('skipped') ? 'skipped' : '**FAILED**'} | ${o.seconds.toFixed(1)} s |`,
    ),
    '',
  ];
  const text = lines.join('\n');
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(reportFile, text);
  return text;
}
