import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildNeeded } from '../../../scripts/server-bundle.mjs';
import { defaultDevUsers } from '../server';
import { keepChildLog } from '../suite-logs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ChildServer {
  url: string;
  proc: ChildProcess;
  /** everything the process wrote so far */
  output(): string;
  /** resolves once the process has ended */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

let bundled: Promise<void> | undefined;
/** The compiled server of these sources (`npm test` has just built it; a changed source rebuilds it). */
const currentBundle = () => (bundled ??= serverBuildNeeded(root) ? buildServer(root) : Promise.resolve());

/**
 * Runs the compiled server (`dist/server/main.mjs`) as its own process, as `npm start` does (so
 * the pid is the server's own: a SIGKILL hits it, not a wrapper), and resolves with its URL.
 */
export async function startChildServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ChildServer> {
  await currentBundle();
  const proc = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DEV_USERS: defaultDevUsers, RELEASES_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      keepChildLog(`fault-${proc.pid}`, out);
      resolve({ code, signal });
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const look = () => {
      const m = /Launchpad is running at (http:\/\/\S+)/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      proc.stdout?.off('data', look);
      resolve(m[1]);
    };
    proc.stdout?.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before starting:\n${out}`));
    });
  });
  return { url, proc, output: () => out, exited, kill: (signal) => void proc.kill(signal) };
}

/** SIGKILL and wait: nothing of the process runs afterwards (no shutdown code, no flush). */
export async function killHard(child: ChildServer): Promise<void> {
  child.kill('SIGKILL');
  await child.exited;
}
