import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { startFakeCloud, type FakeCloud } from '../../test/support/fake-cloud/fake-cloud';
import { until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';
import { deploymentEvents } from '../db/schema';
import { noModelHubTokenEvent } from './model-hub-token';

const c = deploymentsContract(defaultBrand);
const token = 'hf_issue44SecretToken9wXyZ';

/** The GPU create form's model-hub token goes to the machine's install as `--hf-token`, and nowhere else. */
describe('the model-hub token on a Civo GPU instance', () => {
  let cloud: FakeCloud;
  let server: TestServer;
  let tokens: { user: string; admin: string };
  const logLines: string[] = [];

  beforeAll(async () => {
    cloud = await startFakeCloud({ civoRegion: 'LON1' });
    server = await startTestServer(
      { LOG_LEVEL: 'debug', GPU_PROVIDER: 'civo', CIVO_API_KEY: cloud.civoApiKey, CIVO_API_URL: cloud.civoUrl },
      { logDestination: { write: (s: string) => void logLines.push(s) } },
    );
    tokens = await signInDefaultUsers(server);
    // $5/h is more than the free credit
    await api(server, '/api/balance', { token: tokens.user }); // the account exists from its first call
    const topup = await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { email: 'user@example.test', amount_cents: 5000, reason: 'test' } });
    expect(topup.status).toBe(200);
  });
  afterAll(async () => {
    await server?.cleanup();
    await cloud?.close();
  });

  const createGpu = async (name: string) => {
    const { id } = await call(server, c.create, { body: { configId: 'gpu_instance_civo', name, timeoutMins: null } }, { token: tokens.user });
    const d = await until(
      `${name} has a machine`,
      async () => {
        const got = await call(server, c.get, { params: { id } }, { token: tokens.user });
        return got.server_id ? got : undefined;
      },
      20_000,
      50,
    );
    return { id, script: cloud.civo.instances.get(d.server_id ?? '')?.script ?? '' };
  };
  const remove = async (id: string) => {
    await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: tokens.user });
    await server.services.tasks.drain();
  };
  /** the deployment's events, as its logs download and the admin page show them */
  const eventsOf = async (id: string) =>
    (await server.services.deployments.db.select({ m: deploymentEvents.message }).from(deploymentEvents).where(eq(deploymentEvents.deploymentId, id))).map((e) => e.m).join('\n');

  it('without a token: the install has no --hf-token and the deployment says what will not work', async () => {
    const { id, script } = await createGpu('no-token');
    expect(script).toContain('./install.sh -y --cli --controlplane --runner');
    expect(script).not.toContain('--hf-token');
    expect(await eventsOf(id)).toContain(noModelHubTokenEvent);
    await remove(id);
  });

  it("with the account's token: the recorded install command carries it, out of the trace; no answer, event or log line does", async () => {
    expect((await api(server, '/api/user/meta', { method: 'PUT', token: tokens.user, body: { huggingface_token: token } })).body).toEqual({ meta: { huggingface_token_last4: 'wXyZ' } });
    const { id, script } = await createGpu('with-token');
    expect(script).toMatch(/\.\/install\.sh -y --cli --controlplane --runner .* --hf-token "\$HF_TOKEN"/);
    expect(script).toContain(`HF_TOKEN='${token}'`);
    // the trace is off where the token is set and used, so the install log never shows it
    const lines = script.split('\n');
    expect(lines.indexOf('set +x')).toBeLessThan(lines.findIndex((l) => l.includes(token)));
    expect(lines.indexOf('set -x')).toBeGreaterThan(lines.findIndex((l) => l.includes('--hf-token')));

    const events = await eventsOf(id);
    expect(events).not.toContain(noModelHubTokenEvent);
    expect(events).not.toContain(token);
    expect(JSON.stringify((await api(server, `/api/deployments/${id}`, { token: tokens.user })).body)).not.toContain(token);
    expect(JSON.stringify((await api(server, '/api/user/meta', { token: tokens.user })).body)).not.toContain(token);
    await remove(id);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((l) => l.includes(token))).toEqual([]);
  });
});
