import { expect } from 'vitest';
import { startFakeCloud, type FakeCloud } from '../fake-cloud/fake-cloud';
import { until } from '../clock';
import { api } from '../api-client';
import { signIn } from '../sign-in';
import { startTestServer, type TestServer } from '../server';
import { createDeployment, getDeployment, type WireDeployment } from './helpers';
import { faultTest } from './report';

/** A message a person can act on: the provider's words, no JSON, no stack trace. */
function expectReadable(message: string | null) {
  expect(message).toMatch(/^Hetzner: /);
  expect(message).not.toMatch(/[{}]|\n\s+at |undefined/);
  expect(message?.length ?? 0).toBeLessThan(300);
}

export function providerScenario(): void {
  const withCloud = async (fn: (cloud: FakeCloud, server: TestServer, token: string) => Promise<void>) => {
    const cloud = await startFakeCloud();
    const server = await startTestServer({ TRIAL_VM_PROVIDER: 'hetzner', HETZNER_API_TOKEN: cloud.hetznerToken, HETZNER_API_URL: cloud.hetznerUrl });
    try {
      await fn(cloud, server, (await signIn(server, 'user@example.test', 'userpass')).accessToken);
    } finally {
      await server.cleanup();
      await cloud.close();
    }
  };
  const settled = (server: TestServer, token: string, id: string, done: (d: WireDeployment) => boolean) =>
    until(
      'the deployment settles',
      async () => {
        const d = await getDeployment(server, token, id);
        return done(d) ? d : undefined;
      },
      30_000,
      200,
    );

  faultTest('cloud provider API down (every request 503)', 'the deployment fails with a readable error_message after the retries', async (note) => {
    await withCloud(async (cloud, server, token) => {
      cloud.failNext(50, 503);
      const created = await createDeployment(server, token, 'cloud-down');
      const d = await settled(server, token, created.id, (x) => x.status === 'failed');
      expectReadable(d.error_message);
      note(`failed with "${d.error_message}" after ${cloud.requests.length} requests`);
    });
  });

  faultTest('cloud provider rate limiting (429 with Retry-After) and a 502', 'the requests are retried and the machine is created', async (note) => {
    await withCloud(async (cloud, server, token) => {
      cloud.failNext(1, 429, { retryAfterSeconds: 1 });
      cloud.failNext(1, 502);
      const created = await createDeployment(server, token, 'cloud-limited');
      const d = await settled(server, token, created.id, (x) => x.server_id !== null || x.status === 'failed');
      expect(d.status).not.toBe('failed');
      expect(cloud.requests.filter((r) => r.status === 429 || r.status === 502)).toHaveLength(2);
      // Provisioning would wait for an SSH answer the fake cannot give: deleting it ends the work.
      expect((await api(server, `/api/deployments/${created.id}`, { method: 'DELETE', token })).status).toBeLessThan(300);
      note(`retried after ${cloud.requests.filter((r) => r.status === 429).length}× 429 and 1× 502; machine ${d.server_id} created`);
    });
  });
}
