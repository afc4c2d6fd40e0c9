import { ConfigError } from './config';
import { startServer } from './start';

/** `npm start`: run Launchpad and say where it is and how to sign in. */
async function main() {
  const started = performance.now();
  const running = await startServer({ jobPeriods: testJobPeriods(process.env.LAUNCHPAD_TEST_JOB_PERIODS) });
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
    for (const a of devAccounts) lines.push(`    ${a.admin ? 'admin' : 'user '}  ${a.email}  password: ${a.password}`);
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

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Launchpad failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
