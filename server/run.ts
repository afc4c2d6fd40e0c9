import { ConfigError, loadConfig } from './config';
import { openPgliteThread } from './db/pglite-thread';

/**
 * Compiled (dist/server/, built by scripts/server-bundle.mjs): the database thread's code is compiled
 * beside this file. Under tsx (development) it is the TypeScript source.
 */
const pgliteWorker = import.meta.url.endsWith('.mjs') ? new URL('./pglite-worker.mjs', import.meta.url) : undefined;

/**
 * oidc-provider 9 warns once, when it is imported, that it supports Node.js 22 LTS and later.
 * Launchpad supports Node.js 20.19 and later and runs its whole suite there (README, "The two
 * commands"), so that line would only alarm whoever starts it; every other warning passes.
 */
async function withoutRuntimeWarning<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

export interface MainOptions {
  /** what must finish before Launchpad answers: npm start's renderer build on a first start (scripts/start.mjs) */
  prerequisite?: Promise<unknown>;
}

/** Runs Launchpad and says where it is and how to sign in (`npm start`, through scripts/start.mjs). */
export async function main(opts: MainOptions = {}): Promise<void> {
  const started = performance.now();
  const { databaseUrl, dataDir } = loadConfig(process.env);
  // PGlite's WebAssembly and PostgreSQL start on their thread while this one loads the rest of the
  // server (./start and everything it imports): on a start each takes about as long as the other.
  const pglite = databaseUrl ? undefined : openPgliteThread({ dataDir, pgliteWorker });
  pglite?.waitReady.catch(() => undefined);
  const { startServer } = await withoutRuntimeWarning(() => import('./start'));
  const running = await startServer({ pglite, prerequisite: opts.prerequisite, jobPeriods: testJobPeriods(process.env.LAUNCHPAD_TEST_JOB_PERIODS) });
  const { config, devAccounts } = running;
  // Listening for signals before saying where Launchpad runs: a supervisor may stop it right after.
  const stop = (signal: string) => {
    running.deps.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      running.deps.logger.error({ signal }, 'shutdown took longer than 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Requests and background work get 8 s; the rest is for closing the database.
    running.close({ deadlineMs: 8_000 }).then(
      () => {
        running.deps.logger.info({ signal }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        running.deps.logger.error({ err, signal }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const lines = [
    `Launchpad is running at ${running.url}  (started in ${Math.round(performance.now() - started)} ms)`,
    `  database: ${running.deps.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}`,
    `  sign-in:  ${config.oidc.kind === 'embedded' ? `embedded identity provider at ${config.oidc.issuer}` : `external issuer ${config.oidc.issuer}`}`,
  ];
  if (devAccounts.length > 0) {
    lines.push('  development accounts:');
    // In production the accounts are the operator's own DEV_USERS: their passwords stay out of the log.
    for (const a of devAccounts) lines.push(`    ${a.admin ? 'admin' : 'user '}  ${a.email}${config.production ? '' : `  password: ${a.password}`}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `job=ms,job=ms`: shorter job periods for the fault tests, which run this file as a child process
 * and cannot wait a minute for the metering job. Not an operator setting (README lists those).
 */
function testJobPeriods(spec: string | undefined): Record<string, number> | undefined {
  if (!spec) return undefined;
  const entries = spec.split(',').map((pair) => pair.split('='));
  return Object.fromEntries(entries.filter(([, ms]) => Number(ms) > 0).map(([job = '', ms]) => [job.trim(), Number(ms)]));
}

/** Prints why Launchpad did not start and exits with 1. */
export function failedToStart(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Launchpad failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
}
