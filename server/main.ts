import { ConfigError } from './config';
import { startServer } from './start';

/** `npm start`: run Launchpad and say where it is and how to sign in. */
async function main() {
  const started = performance.now();
  const running = await startServer();
  const { config, devAccounts } = running;
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

  const stop = (signal: string) => {
    running.deps.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Launchpad failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
