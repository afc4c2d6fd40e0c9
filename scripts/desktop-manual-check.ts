/**
 * The desktop app's checks by hand, one step at a time, on a real Windows, macOS or Linux desktop:
 * `npx tsx scripts/desktop-manual-check.ts [--only 1a,3b] [--app "<command that starts the app>"]`.
 * The steps are the table of scripts/desktop-manual-check.md (one list for the document and this
 * script). For each it shows what to do and what to expect, starts the app when asked, and writes
 * the answers to desktop-check-<os>-<time>.md in the current folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface CheckStep {
  id: string;
  step: string;
  expected: string;
}
export type Verdict = 'pass' | 'fail' | 'skipped';
export interface Answer {
  verdict: Verdict;
  note: string;
}

/** The rows of the checklist's table (`| # | Step | Expected | Win | mac | Linux |`), header and rule left out. */
export function parseChecklist(markdown: string): CheckStep[] {
  return markdown
    .split('\n')
    .filter((line) => /^\|\s*\d+[a-z]?\s*\|/.test(line))
    .map((line) => {
      const [id = '', step = '', expected = ''] = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim());
      return { id, step, expected };
    });
}

/** The answers as a Markdown report for one operating system. */
export function report(steps: readonly CheckStep[], answers: ReadonlyMap<string, Answer>, o: { os: string; app: string; date: string }): string {
  const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const rows = steps.map((s) => {
    const a = answers.get(s.id);
    return `| ${s.id} | ${cell(s.step)} | ${a ? a.verdict : 'not run'} | ${cell(a?.note ?? '')} |`;
  });
  const counts = (v: Verdict) => [...answers.values()].filter((a) => a.verdict === v).length;
  return [
    `# Desktop manual check: ${o.os}, ${o.date}`,
    '',
    `App: \`${o.app}\`. ${counts('pass')} passed, ${counts('fail')} failed, ${counts('skipped')} skipped, ${steps.length - answers.size} not run.`,
    '',
    '| # | Step | Result | Note |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const osName = (p: NodeJS.Platform) => (p === 'win32' ? 'Windows' : p === 'darwin' ? 'macOS' : p === 'linux' ? 'Linux' : p);

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const app = option('--app') ?? 'npx electron dist/electron/main.cjs';
  const only = option('--only')
    ?.split(',')
    .map((s) => s.trim());
  const steps = parseChecklist(fs.readFileSync(path.join(root, 'scripts', 'desktop-manual-check.md'), 'utf8')).filter((s) => !only || only.includes(s.id));
  const answers = new Map<string, Answer>();
  const rl = createInterface({ input: process.stdin });
  const lines = rl[Symbol.asyncIterator]();
  /** the next line typed (or piped in); the end of the input stops the walk */
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const next = await lines.next();
    if (next.done) throw new Error('stopped');
    return next.value;
  };
  let running: ChildProcess | undefined;
  const stopApp = () => {
    if (running && running.exitCode === null) running.kill();
    running = undefined;
  };
  const startApp = (extra: string[]) => {
    stopApp();
    console.log(`  starting: ${app} ${extra.join(' ')}`);
    running = spawn(`${app} ${extra.join(' ')}`, { cwd: root, shell: true, stdio: 'inherit' });
  };

  console.log(`${steps.length} steps on ${osName(process.platform)}. Build first: npm run build && npm run build:electron (or pass --app for an installed package).`);
  console.log('Answers: p = as expected, f = not as expected, k = skip, a = start the app (a! with --enable-devtools), q = stop here.\n');
  try {
    for (const s of steps) {
      console.log(`[${s.id}] ${s.step}\n  Expected: ${s.expected}`);
      for (;;) {
        const key = (await ask('  p/f/k/a/a!/q > ')).trim();
        if (key === 'a' || key === 'a!') {
          startApp(key === 'a!' ? ['--enable-devtools'] : []);
          continue;
        }
        if (key === 'q') throw new Error('stopped');
        const verdict: Verdict | undefined = key === 'p' ? 'pass' : key === 'f' ? 'fail' : key === 'k' ? 'skipped' : undefined;
        if (!verdict) continue;
        const note = verdict === 'pass' ? '' : (await ask('  What did you see (or why skipped)? ')).trim();
        answers.set(s.id, { verdict, note });
        break;
      }
    }
  } catch (err) {
    if (!(err instanceof Error && err.message === 'stopped')) throw err;
  } finally {
    stopApp();
    rl.close();
  }
  const date = new Date().toISOString();
  const file = path.resolve(`desktop-check-${process.platform}-${date.slice(0, 16).replaceAll(':', '')}.md`);
  fs.writeFileSync(file, report(steps, answers, { os: osName(process.platform), app, date }));
  console.log(`\nWritten: ${file}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
