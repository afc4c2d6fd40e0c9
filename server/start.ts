import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { createApp } from './app';
import { createJobLeases } from './jobs/leases';
import { startJobs, type JobRunListener } from './jobs/scheduler';
import type { Services } from './services';
import { systemClock, type Clock } from './clock';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import type { AppDeps } from './deps';
import type { DevAccount } from './auth/idp/dev-users';
import { createLogger } from './http/logging';
import { sweepExpiredPayloads } from './auth/idp/adapter';
import { createTerminalBridge, type TerminalBridge } from './terminal/bridge';
import type { TerminalOptions } from './terminal/options';
import type { PgliteThread } from './db/pglite-thread';

export interface RunningServer {
  url: string;
  /** this instance's own address (differs from `url` behind a load balancer) */
  localUrl: string;
  config: Config;
  deps: AppDeps;
  devAccounts: DevAccount[];
  services: Services;
  /** the deployment terminal WebSocket bridge */
  terminals: TerminalBridge;
  /**
   * Graceful stop: new requests get 503 at once; terminals close with 1001 and a reason; job runs
   * finish and their leases are released; requests in flight finish. With `deadlineMs`, waiting
   * for requests and background work stops there (a SIGTERM has to end within 10 s).
   */
  close(opts?: { deadlineMs?: number }): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** PGlite in memory instead of the data folder (tests) */
  inMemoryDatabase?: boolean;
  /** a PGlite dump the in-memory database starts from (tests: one migrated copy per run) */
  pgliteTemplate?: string;
  /** where the PGlite thread's code is (the desktop app's bundled build); ./db/pglite-worker.ts when unset */
  pgliteWorker?: URL | undefined;
  /** the data folder's database thread, already started (server/main.ts starts it before loading the app) */
  pglite?: PgliteThread | undefined;
  /**
   * Work the app must not answer before (npm start's renderer build on a first start): until it
   * settles, requests get the quick 503 and the start waits; if it fails, the start fails.
   */
  prerequisite?: Promise<unknown> | undefined;
  clock?: Clock;
  logDestination?: DestinationStream;
  rendererRoot?: string;
  /** background jobs (auto-termination, reconciler); tests run them by hand with an injected clock */
  jobs?: boolean;
  /** per-job period overrides in ms (tests of the cluster behaviour) */
  jobPeriods?: Partial<Record<string, number>>;
  onJobRun?: JobRunListener;
  /** terminal bridge settings (tests shorten the reconnect grace period) */
  terminal?: Partial<TerminalOptions>;
}

/**
 * Starts Launchpad. The socket is bound before the app is built so that port 0 (tests) yields
 * a real port, from which the public URL and the embedded issuer are derived.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  // Settled into a value at once, so that a failure while the database opens is not an unhandled rejection.
  const prerequisite = opts.prerequisite?.then(
    () => undefined,
    (err: unknown) => ({ err }),
  );
  let config = loadConfig(env);
  fs.mkdirSync(config.dataDir, { recursive: true });

  // Until the app is built, requests get a quick 503 instead of hanging (readiness probes, early browsers).
  const starting = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end('{"error":"Launchpad is starting"}');
  };
  const server = http.createServer(starting);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    await opts.pglite?.close().catch(() => undefined);
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  if (config.port === 0) config = loadConfig({ ...env, PORT: String(port) });

  const logger = createLogger(config.logLevel, opts.logDestination);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let built: Awaited<ReturnType<typeof createApp>>;
  let deps: AppDeps;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: opts.inMemoryDatabase ? undefined : config.dataDir,
      pgliteWorker: opts.pgliteWorker,
      pgliteTemplate: opts.pgliteTemplate,
      pglite: opts.pglite,
    });
    deps = { config, database, db: database.db, logger, clock: opts.clock ?? systemClock };
    built = await createApp(deps, { rendererRoot: opts.rendererRoot });
    const failed = await prerequisite;
    if (failed) throw failed.err;
  } catch (err) {
    server.close();
    await (database ?? opts.pglite)?.close().catch(() => undefined);
    throw err;
  }
  const { handle, devAccounts, services } = built;
  const jobs =
    opts.jobs === false
      ? undefined
      : startJobs(services.jobs, logger, { leases: createJobLeases(database.db, deps.clock), everyMs: opts.jobPeriods, onRun: jobRunListener(opts.onJobRun, built.metrics?.onJobRun) });
  server.off('request', starting);
  let shuttingDown = false;
  let inflight = 0;
  let idle: (() => void)[] = [];
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (shuttingDown) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5', connection: 'close' });
      res.end('{"error":"Launchpad is shutting down","details":"try again in a few seconds"}');
      return;
    }
    inflight++;
    res.once('close', () => {
      if (--inflight > 0) return;
      for (const done of idle) done();
      idle = [];
    });
    void handle(req, res);
  });
  const requestsFinished = () => (inflight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));
  const terminals = createTerminalBridge(
    { db: database.db, logger, providers: services.deployments.providers, authenticator: built.authenticator, clock: deps.clock, ends: services.terminalEnds },
    opts.terminal,
  );
  server.on('upgrade', terminals.handleUpgrade);
  built.metrics?.observeTerminals(terminals.stats);
  const sweep = () => sweepExpiredPayloads(database.db).catch((err: unknown) => logger.warn({ err }, 'sweeping expired sign-in state failed'));
  void sweep();
  const sweeper = setInterval(() => void sweep(), 3600_000);
  sweeper.unref();

  return {
    url: config.publicUrl,
    localUrl: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    config,
    deps,
    devAccounts,
    services,
    terminals,
    async close(closeOpts = {}) {
      const deadline = closeOpts.deadlineMs === undefined ? undefined : Date.now() + closeOpts.deadlineMs;
      const atMostUntil = (end: number | undefined, work: Promise<void>) =>
        end === undefined ? work : Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, end - Date.now())).unref())]);
      shuttingDown = true;
      clearInterval(sweeper);
      await terminals.close();
      await jobs?.stop();
      // A request that never ends (a stuck client upload) must not hold the stop forever.
      await atMostUntil(deadline ?? Date.now() + 10_000, requestsFinished());
      await atMostUntil(deadline, services.tasks.drain());
      await atMostUntil(deadline, services.notifications.adminAlerts.settled());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** Both the caller's and the metrics' listeners hear every job run. */
function jobRunListener(...listeners: (JobRunListener | undefined)[]): JobRunListener | undefined {
  const set = listeners.filter((l): l is JobRunListener => l !== undefined);
  return set.length === 0 ? undefined : (run) => set.forEach((l) => l(run));
}
