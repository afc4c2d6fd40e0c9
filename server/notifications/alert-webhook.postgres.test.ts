/** Two instances on one PostgreSQL raise and deliver administrator alerts at the same moment: the receiver gets each alert once. */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deployments, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { postgresAvailable, postgresSkipNote } from '../../test/support/postgres';
import { useTwoInstancesOnPostgres } from '../../test/support/two-instances';
import { checkAdminAlerts } from './admin-alert-checks';
import { deliverAlertWebhooks } from './alert-webhook';
import { verifySignature } from './webhook-signature';

const pgAvailable = await postgresAvailable();
const secret = 'two-instance-secret-00001';
const received: { body: string; signature: string }[] = [];
// the receiver listens from import, so both instances can be started with its address
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ body, signature: String(req.headers['x-launchpad-signature']) });
    res.end();
  });
});
const port = await new Promise<number>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as { port: number }).port)));
receiver.unref();

describe.skipIf(!pgAvailable)(pgAvailable ? 'the alert webhook with two instances on PostgreSQL' : `the alert webhook on PostgreSQL ${postgresSkipNote}`, () => {
  const clock = manualClock();
  const servers = useTwoInstancesOnPostgres({ clock }, { ALERT_WEBHOOK_URL: `http://127.0.0.1:${port}/alerts`, ALERT_WEBHOOK_SECRET: secret });

  it('delivers a failed deployment once, signed, however many checks and deliveries race', async () => {
    const db = servers[0]?.deps.db;
    if (!db) throw new Error('no server');
    const [owner] = await db.insert(users).values({ issuer: 'webhook-test', subject: randomUUID(), email: 'owner@example.test' }).returning({ id: users.id });
    await db.insert(users).values({ issuer: 'webhook-test', subject: randomUUID(), email: 'ops@example.test', idpAdmin: true });
    await db
      .insert(deployments)
      .values({ userId: owner?.id ?? '', name: 'raced', typeId: 'trial_vm_hetzner', provider: 'local', status: 'failed', errorMessage: 'quota', createdAt: clock.now(), updatedAt: clock.now() });
    await Promise.all(servers.flatMap((s) => [checkAdminAlerts(s.services.notifications.adminAlerts.deps), checkAdminAlerts(s.services.notifications.adminAlerts.deps)]));
    const deliver = () =>
      Promise.all(
        servers.map((s) => {
          const webhook = s.deps.config.alertWebhook;
          if (!webhook) throw new Error('no webhook');
          return deliverAlertWebhooks({ db: s.deps.db, clock, logger: s.deps.logger, webhook, publicUrl: s.deps.config.publicUrl });
        }),
      );
    await deliver();
    await deliver();
    const raced = received.filter((r) => r.body.includes('Deployment raced of owner@example.test failed'));
    expect(raced).toHaveLength(1);
    expect(verifySignature(secret, raced[0]?.signature, raced[0]?.body ?? '', clock.now())).toBe(true);
  });
});
