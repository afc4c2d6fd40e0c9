import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobRunListener } from '../jobs/scheduler';
import type { TerminalStats } from '../terminal/bridge';
import type { AppState } from '../http/types';
import { balancesSum, jobLagSeconds, ledgerByKind, type MetricsDb } from './queries';

export interface AppMetrics {
  registry: Registry;
  /** counts accepted pings (the ping route calls it) */
  pingsIngested: { inc(): void };
  /** the scheduler's onRun listener: run counts and durations per job */
  onJobRun: JobRunListener;
  /** the terminal bridge is built after the app; start-up hands its stats over here */
  observeTerminals(stats: () => TerminalStats): void;
  /** times every request by route name and answers GET /metrics */
  middleware: Middleware<AppState>;
  /** the same timing for a request served outside Koa (the ping lane): call the result when answered */
  timeRequest(): (labels: { route: string; method: string; status: string }) => void;
}

export interface MetricsOptions {
  db: MetricsDb;
  /** when set, scrapers must send `Authorization: Bearer <token>` */
  token: string | undefined;
}

/**
 * One registry per app instance: tests run many apps in one process, and prom-client's global
 * registry would mix their numbers (and refuse the second registration of a name).
 */
export function createMetrics(o: MetricsOptions): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'launchpad_http_request_duration_seconds',
    help: 'HTTP requests by route name, method and status: the _count series is the request rate',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({ name: 'launchpad_job_runs_total', help: 'Background job runs on this instance, by outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] });
  const jobDuration = new Histogram({
    name: 'launchpad_job_duration_seconds',
    help: 'How long background job runs took on this instance',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'launchpad_job_last_success_timestamp_seconds',
    help: 'When the job last finished without error on this instance',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  /** A gauge computed at each scrape: one series per row `read` answers, labelled `label`. */
  const perRowGauge = (name: string, help: string, label: string, read: () => Promise<{ label: string; value: number }[]>) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await read()) this.set({ [label]: row.label }, row.value);
      },
    });
  perRowGauge('launchpad_job_lag_seconds', 'How far past its due time each job is across the cluster (0 = on time), from the job leases', 'job', async () =>
    (await jobLagSeconds(o.db)).map((r) => ({ label: r.job, value: r.seconds })),
  );
  perRowGauge('launchpad_ledger_cents', 'Sum of ledger movements by kind, in cents (credits positive, usage negative)', 'kind', async () =>
    (await ledgerByKind(o.db)).map((r) => ({ label: r.kind, value: r.cents })),
  );
  new Gauge({
    name: 'launchpad_balances_cents',
    help: 'Sum of all user balances, in cents (equals the sum of the ledger)',
    registers: [registry],
    async collect() {
      this.set(await balancesSum(o.db));
    },
  });
  let terminalStats: (() => TerminalStats) | undefined;
  /** A gauge of the terminal bridge's stats, 0 until start-up hands them over. */
  const terminalGauge = (name: string, help: string, pick: (stats: TerminalStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = terminalStats?.();
        this.set(stats ? pick(stats) : 0);
      },
    });
  terminalGauge('launchpad_terminal_connections', 'Open terminal WebSockets on this instance', (s) => s.connections);
  terminalGauge('launchpad_terminal_sessions', 'Live terminal shells on this instance, attached or waiting for a reconnect', (s) => s.sessions);
  const pings = new Counter({ name: 'launchpad_pings_ingested_total', help: 'Pings accepted from running installations', registers: [registry] });

  const authorized = (header: string) => {
    if (!o.token) return true;
    const expected = Buffer.from(`Bearer ${o.token}`);
    const given = Buffer.from(header);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const middleware: Middleware<AppState> = async (ctx, next) => {
    if (ctx.path === '/metrics' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set('Cache-Control', 'no-store');
      if (!authorized(ctx.get('Authorization'))) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { error: 'A metrics token is required' };
        return;
      }
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
      return;
    }
    const end = requests.startTimer();
    try {
      await next();
    } finally {
      end({ route: routeLabel(ctx), method: ctx.method, status: String(ctx.status) });
    }
  };

  return {
    registry,
    pingsIngested: pings,
    timeRequest: () => requests.startTimer(),
    onJobRun(run) {
      jobRuns.inc({ job: run.job, outcome: run.ok ? 'ok' : 'failed' });
      jobDuration.observe({ job: run.job }, run.ms / 1000);
      if (run.ok) lastSuccess.set({ job: run.job }, Date.now() / 1000);
    },
    observeTerminals(stats) {
      terminalStats = stats;
    },
    middleware,
  };
}

interface RoutedContext {
  _matchedRouteName?: string;
  _matchedRoute?: string | RegExp;
  path: string;
}

/**
 * The route's registered name (or its pattern): never the raw URL, which would give one series
 * per deployment id and blow up the scraper's memory.
 */
export function routeLabel(ctx: RoutedContext): string {
  if (ctx._matchedRouteName) return ctx._matchedRouteName;
  if (ctx._matchedRoute) return String(ctx._matchedRoute);
  if (ctx.path.startsWith('/oidc')) return 'oidc';
  if (ctx.path.startsWith('/api')) return 'api.unmatched';
  return 'renderer';
}
