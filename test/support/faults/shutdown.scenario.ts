import http from 'node:http';
import { expect } from 'vitest';
import { jobLeases } from '../../../server/db/schema';
import { until } from '../clock';
import { api } from '../api-client';
import { signIn } from '../sign-in';
import { openTerminal, terminalUrl } from '../terminal-client';
import { startChildServer } from './child-server';
import { createDeployment, getDeployment, removeDataDir, migratedDataDir, withDatabase } from './helpers';
import { faultTest } from './report';

/** A POST whose body arrives in two halves: the second only when `finish` is called. */
function slowPing(url: string): { finish(): void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: 'unknown' });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${url}/api/ping`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), answer };
}

export function shutdownScenario(): void {
  faultTest(
    'SIGTERM with a slow request and an open terminal',
    'the request finishes with 200, new requests get 503, the terminal closes with 1001 and a reason, leases are released, exit 0 within 10 s',
    async (note) => {
      const dataDir = await migratedDataDir('sigterm');
      try {
        const child = await startChildServer({ DATA_DIR: dataDir, METRICS_ENABLED: 'true' });
        const token = (await signIn(child, 'user@example.test', 'userpass')).accessToken;
        const created = await createDeployment(child, token, 'shutdown');
        await until('a machine', async () => (await getDeployment(child, token, created.id)).server_id);
        const terminal = await openTerminal(terminalUrl(child.url, created.id, token));
        await terminal.waitFor(/\$ ?$|# ?$|Cloud-init|\S/m, { timeoutMs: 10_000 });
        const metrics = String((await api(child, '/metrics', { headers: { accept: 'text/plain' } })).body);
        expect(metrics).toMatch(/^launchpad_terminal_connections 1$/m);
        // The jobs have claimed their first periods.
        await new Promise((r) => setTimeout(r, 1500));

        const slow = slowPing(child.url);
        await new Promise((r) => setTimeout(r, 300));
        const sent = Date.now();
        child.kill('SIGTERM');
        const closed = await terminal.closed;
        expect(closed).toEqual({ code: 1001, reason: 'Server shutting down' });
        const refused = await api(child, '/api/config');
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ error: 'Launchpad is shutting down' });
        slow.finish();
        const answer = await slow.answer;
        expect(answer.status).toBe(200);
        const exit = await child.exited;
        const seconds = (Date.now() - sent) / 1000;
        expect(exit).toEqual({ code: 0, signal: null });
        expect(seconds).toBeLessThan(10);
        note(`exited with 0 after ${seconds.toFixed(1)} s; the slow request answered ${answer.status}; a new one ${refused.status}; terminal closed ${closed.code} "${closed.reason}"`);

        const leases = await withDatabase(dataDir, (d) => d.db.select().from(jobLeases));
        expect(leases.length).toBeGreaterThan(0);
        expect(leases.filter((l) => l.holder !== null)).toEqual([]);
        note(`${leases.length} job leases, none held after exit`);
      } finally {
        await removeDataDir(dataDir);
      }
    },
  );
}
