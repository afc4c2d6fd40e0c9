import { expect } from 'vitest';
import { fakeStripeEnv, postWebhook, sessionEvent, signPayload, startFakeStripe, type FakeStripe } from '../fake-stripe';
import { api } from '../api-client';
import { signIn } from '../sign-in';
import { killHard, startChildServer, type ChildServer } from './child-server';
import { freePort, removeDataDir, sleep, migratedDataDir } from './helpers';
import { faultTest } from './report';

export function killWebhookScenario(): void {
  faultTest('kill -9 during a Stripe webhook fulfilment', 'after restart, Stripe’s retries of the same event credit the balance exactly once', async (note) => {
    const dataDir = await migratedDataDir('webhook');
    let stripe: FakeStripe | undefined;
    let child: ChildServer | undefined;
    try {
      stripe = await startFakeStripe();
      const env = { DATA_DIR: dataDir, PORT: String(await freePort()), ...fakeStripeEnv(stripe) };
      child = await startChildServer(env);
      const token = (await signIn(child, 'user@example.test', 'userpass')).accessToken;
      const balance = async (c: ChildServer) => ((await api(c, '/api/balance', { token })).body as { balance_cents: number }).balance_cents;
      const before = await balance(child);
      const started = await api(child, '/api/balance/checkout', { method: 'POST', token, body: { amount_cents: 5000 } });
      expect(started.status).toBe(200);
      const session = stripe.sessions.find((s) => s.url === (started.body as { url: string }).url);
      if (!session) throw new Error('no checkout session at the fake Stripe');
      const payload = sessionEvent('checkout.session.completed', session);

      // Delivered, and the server killed while it handles it (or just after).
      const delivery = postWebhook(child.url, payload, signPayload(payload)).catch((err: unknown) => ({ status: 0, body: String(err) }));
      await sleep(5);
      await killHard(child);
      const first = await delivery;
      note(`first delivery answered ${first.status === 0 ? 'nothing (killed)' : first.status}`);

      child = await startChildServer(env);
      // Stripe retries until it gets a 2xx; the retries after the restart, twice at once as well.
      const retries = [await postWebhook(child.url, payload, signPayload(payload)), ...(await Promise.all([1, 2].map(() => postWebhook(child!.url, payload, signPayload(payload)))))];
      expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
      const after = await balance(child);
      expect(after).toBe(before + 5000);
      const history = (await api(child, '/api/balance/transactions', { token })).body as { transactions?: { kind?: string; type?: string; amount_cents: number }[] };
      const credits = (history.transactions ?? []).filter((t) => t.amount_cents === 5000);
      expect(credits).toHaveLength(1);
      note(`balance ${before} → ${after} cents after ${retries.length} retries: one credit of 5000`);
    } finally {
      if (child) {
        child.kill('SIGTERM');
        await child.exited;
      }
      await stripe?.close();
      await removeDataDir(dataDir);
    }
  });
}
