import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';

const token = 'scrape-token-0123456789';

/** The value of one series in a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  let server: TestServer;
  let user: string;
  const scrape = async () => {
    const res = await api(server, '/metrics', { headers: { authorization: `Bearer ${token}`, accept: 'text/plain' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(typeof res.body).toBe('string');
    return String(res.body);
  };

  beforeAll(async () => {
    server = await startTestServer({ METRICS_ENABLED: 'true', METRICS_TOKEN: token }, { jobs: true });
    user = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
  });
  afterAll(async () => server?.cleanup());

  it('refuses a scrape without the token', async () => {
    expect((await api(server, '/metrics')).status).toBe(401);
    expect((await api(server, '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('times requests by route name, never by raw URL', async () => {
    await api(server, '/api/balance', { token: user });
    await api(server, '/api/deployments/00000000-0000-4000-8000-000000000000', { token: user });
    await api(server, '/api/deployments/00000000-0000-4000-8000-000000000001', { token: user });
    const text = await scrape();
    expect(text).toMatch(/launchpad_http_request_duration_seconds_bucket\{[^}]*route="deployments\.get"/);
    expect(sample(text, 'launchpad_http_request_duration_seconds_count', { route: 'deployments.get', status: '404' })).toBe(2);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts pings and sums the ledger on each scrape', async () => {
    const before = sample(await scrape(), 'launchpad_pings_ingested_total') ?? 0;
    const ping = await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 0, users_count: 0, deployment_id: 'unknown' } });
    expect(ping.status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'launchpad_pings_ingested_total')).toBe(before + 1);
    // The balance read above granted the $4 free credit.
    expect(sample(text, 'launchpad_ledger_cents', { kind: 'free_credit' })).toBe(400);
    expect(sample(text, 'launchpad_balances_cents')).toBe(400);
    expect(sample(text, 'launchpad_terminal_connections')).toBe(0);
  });

  it('reports job runs and lag', async () => {
    const text = await until('a job run', async () => {
      const t = await scrape();
      return sample(t, 'launchpad_job_runs_total', { job: 'billing.meter-usage', outcome: 'ok' }) ? t : undefined;
    });
    expect(sample(text, 'launchpad_job_lag_seconds', { job: 'billing.meter-usage' })).toBe(0);
    expect(sample(text, 'launchpad_job_last_success_timestamp_seconds', { job: 'billing.meter-usage' })).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});

describe('/metrics switched off (the default)', () => {
  it('exposes nothing', async () => {
    const server = await startTestServer();
    try {
      const res = await api(server, '/metrics', { headers: { accept: 'text/plain' } });
      expect(String(res.body)).not.toContain('launchpad_http_request_duration_seconds');
    } finally {
      await server.cleanup();
    }
  });
});

describe('/metrics on an address other machines can reach (issue 19)', () => {
  it('refuses to start without METRICS_TOKEN, naming the variables to set', async () => {
    const start = startTestServer({ METRICS_ENABLED: 'true', HOST: '0.0.0.0' });
    await expect(start).rejects.toMatchObject({ name: 'ConfigError' });
    await expect(start).rejects.toThrow(/METRICS_TOKEN: is required when METRICS_ENABLED=true and HOST=0\.0\.0\.0 is not a loopback address \(or set METRICS_ALLOW_UNAUTHENTICATED=true\)/);
  });

  it('starts when unauthenticated scrapes are allowed explicitly, and then serves them', async () => {
    const server = await startTestServer({ METRICS_ENABLED: 'true', HOST: '0.0.0.0', METRICS_ALLOW_UNAUTHENTICATED: 'true' });
    try {
      const res = await fetch(`${server.localUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('launchpad_http_request_duration_seconds');
    } finally {
      await server.cleanup();
    }
  });
});
