/**
 * The Alerts page and the outgoing webhook, on one server with an injected clock and a local
 * receiver: each alert is in the history once, whoever is alerted; the receiver gets it once,
 * signed, even when two checks and two deliveries race; a 500 is retried after the backoff; an
 * acknowledgement is shared; a test alert reaches the bell and the webhook at once; only
 * administrators read, acknowledge and test.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAlertsContract as a } from '../../shared/api/admin-alerts';
import { notificationsContract as n } from '../../shared/api/notifications';
import type { Db } from '../db/client';
import { adminAlertHistory, licenses } from '../db/schema';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { call, send } from '../../test/support/typed-client';
import { checkAdminAlerts } from './admin-alert-checks';
import { deliverAlertWebhooks, retryDelaysMs } from './alert-webhook';
import { verifySignature } from './webhook-signature';

const hour = 3600_000;
const secret = 'receiver-shared-secret-0123';
const keyHash = (name: string) => createHash('sha256').update(name).digest('hex');

interface Received {
  body: string;
  signature: string | undefined;
  delivery: string | undefined;
}

describe('the Alerts page and the alert webhook', () => {
  let server: TestServer;
  let db: Db;
  let receiver: http.Server;
  const received: Received[] = [];
  /** statuses the receiver answers, in turn; 200 once they run out */
  const answers: number[] = [];
  const clock = manualClock();
  const tokens = { admin: '', user: '' };

  const check = () => Promise.all([checkAdminAlerts(server.services.notifications.adminAlerts.deps), checkAdminAlerts(server.services.notifications.adminAlerts.deps)]);
  const deliver = () => {
    const webhook = server.deps.config.alertWebhook;
    if (!webhook) throw new Error('no webhook configured');
    const deps = { db, clock, logger: server.deps.logger, webhook, publicUrl: server.deps.config.publicUrl };
    // two instances' jobs at once
    return Promise.all([deliverAlertWebhooks(deps), deliverAlertWebhooks(deps)]);
  };
  const list = async (show: 'all' | 'attention' = 'all') => (await call(server, a.list, { query: { show } }, { token: tokens.admin })).alerts;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-launchpad-signature'] as string | undefined, delivery: req.headers['x-launchpad-delivery'] as string | undefined });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    server = await startTestServer({ ALERT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/alerts`, ALERT_WEBHOOK_SECRET: secret }, { clock });
    db = server.deps.db;
    tokens.admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
    tokens.user = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
    // the admin's row exists once they called the API
    await call(server, n.list, {}, { token: tokens.admin });
  }, 60_000);
  afterAll(async () => {
    await server?.cleanup();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answers.length = 0;
  });

  it('answers only administrators: 403 for a user, 401 without sign-in, 400 for an unknown kind', async () => {
    expect((await send(server, a.list, {}, { token: tokens.user })).status).toBe(403);
    expect((await send(server, a.sendTest, { body: { kind: 'admin_installation_silent' } }, { token: tokens.user })).status).toBe(403);
    expect((await send(server, a.acknowledge, { params: { id: '00000000-0000-4000-8000-000000000000' } }, { token: tokens.user })).status).toBe(403);
    expect((await send(server, a.list, {}, {})).status).toBe(401);
    const bad = await api(server, '/api/admin/alerts/test', { method: 'POST', token: tokens.admin, body: { kind: 'admin_nothing' } });
    expect(bad.status).toBe(400);
    expect((await send(server, a.acknowledge, { params: { id: '00000000-0000-4000-8000-000000000000' } }, { token: tokens.admin })).status).toBe(404);
    const page = await call(server, a.list, {}, { token: tokens.admin });
    expect(page.webhook).toEqual({ configured: true, host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
  });

  it('keeps a silent installation once while it lasts and delivers it to the receiver once, signed, however many instances check and deliver', async () => {
    const id = 'lic_silenthook00000001';
    await db.insert(licenses).values({
      id,
      email: 'buyer@example.test',
      type: 'enterprise',
      organizationName: 'Hushed Inc',
      status: 'active',
      paymentStatus: 'paid',
      usersLimit: 5,
      keyHash: keyHash(id),
      createdAt: clock.now(),
    });
    const ping = await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: keyHash(id), edition: 'server' } });
    expect(ping.status).toBe(200);
    clock.advance(25 * hour);
    await check();
    await check();
    const silent = (await list()).filter((x) => x.kind === 'admin_installation_silent' && x.title.includes('Hushed Inc'));
    expect(silent).toMatchObject([{ state: 'open', test: false, acknowledged_at: null, webhook: { status: 'pending', attempts: 0 } }]);

    await deliver();
    await deliver();
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(verifySignature(secret, got?.signature, got?.body ?? '', clock.now())).toBe(true);
    expect(verifySignature('some-other-secret-000', got?.signature, got?.body ?? '', clock.now())).toBe(false);
    const body = JSON.parse(got?.body ?? '{}') as { text: string; alert: { id: string; kind: string; url: string } };
    expect(body.text).toContain('An installation of Hushed Inc has been silent for 24 hours');
    expect(body.alert).toMatchObject({ id: silent[0]?.id, kind: 'admin_installation_silent', url: expect.stringMatching(/\/admin\/installations\/id\//) });
    expect(got?.delivery).toBe(silent[0]?.id);
    const [after] = (await list()).filter((x) => x.id === silent[0]?.id);
    expect(after?.webhook).toMatchObject({ status: 'delivered', attempts: 1, log: [{ attempt: 1, status_code: 200, error: null }] });

    // it pings again: cleared; silent again: a new alert
    await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: keyHash(id), edition: 'server' } });
    await check();
    expect((await list()).find((x) => x.id === silent[0]?.id)?.state).toBe('cleared');
    clock.advance(25 * hour);
    await check();
    expect((await list()).filter((x) => x.kind === 'admin_installation_silent' && x.title.includes('Hushed Inc')).map((x) => x.state)).toEqual(['open', 'cleared']);
    await db.update(licenses).set({ status: 'revoked' }).where(eq(licenses.id, id));
    await check();
    await deliver();
  });

  it('retries a delivery the receiver answered 500, after the backoff, with the same delivery id', async () => {
    answers.push(500);
    const alert = await call(server, a.sendTest, { body: { kind: 'admin_transfer_pending' } }, { token: tokens.admin });
    expect(alert).toMatchObject({ test: true, state: 'event', webhook: { status: 'pending' } });
    await deliver();
    expect(received).toHaveLength(1);
    let now = (await list()).find((x) => x.id === alert.id);
    expect(now?.webhook).toMatchObject({ status: 'pending', attempts: 1, log: [{ attempt: 1, status_code: 500, error: 'The receiver answered 500' }] });
    expect(Date.parse(now?.webhook.next_at ?? '')).toBeGreaterThan(clock.now().getTime());
    await deliver();
    expect(received).toHaveLength(1);
    clock.advance(retryDelaysMs[0]);
    await deliver();
    expect(received).toHaveLength(2);
    expect(received.map((r) => r.delivery)).toEqual([alert.id, alert.id]);
    now = (await list()).find((x) => x.id === alert.id);
    expect(now?.webhook).toMatchObject({ status: 'delivered', attempts: 2, next_at: null });
    expect(now?.webhook.log.map((l) => l.status_code)).toEqual([500, 200]);
  });

  it('sends a test alert of a condition at once to the bell and the webhook', async () => {
    const alert = await call(server, a.sendTest, { body: { kind: 'admin_installation_silent' } }, { token: tokens.admin });
    expect(alert.title).toBe('Test alert: An installation of Example Ltd has been silent for 24 hours');
    const bell = await call(server, n.list, {}, { token: tokens.admin });
    expect(bell.notifications.some((x) => x.title === alert.title && x.link === '/admin/alerts')).toBe(true);
    await deliver();
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ text: expect.stringMatching(/^\[Test\] Test alert: An installation of Example Ltd/), alert: { test: true } });
  });

  it('acknowledges an alert for every administrator; "needs attention" leaves it out', async () => {
    const alert = await call(server, a.sendTest, { body: { kind: 'admin_deployment_failed' } }, { token: tokens.admin });
    expect((await list('attention')).some((x) => x.id === alert.id)).toBe(true);
    const acked = await call(server, a.acknowledge, { params: { id: alert.id } }, { token: tokens.admin });
    expect(acked).toMatchObject({ acknowledged_by: 'admin@example.test', acknowledged_at: expect.any(String) });
    expect((await list('attention')).some((x) => x.id === alert.id)).toBe(false);
    expect((await list('all')).some((x) => x.id === alert.id)).toBe(true);
    expect(
      await db
        .select()
        .from(adminAlertHistory)
        .where(and(eq(adminAlertHistory.id, alert.id), eq(adminAlertHistory.test, true))),
    ).toHaveLength(1);
  });
});
