import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoTerminate, reconcile } from './jobs';
import { manualClock, until } from '../test-support/clock';
import { api, signInDefaultUsers, startTestServer, type TestServer } from '../test-support/server';

interface WireDeployment {
  id: string;
  status: string;
  name: string;
  ipv4: string | null;
  ui_url: string | null;
  helix_version: string | null;
  timeout_mins: number | null;
  error_message: string | null;
  user_email?: string | null;
  deployment_config_id: string;
}

describe('hosted deployments on the local provider', () => {
  let server: TestServer;
  const clock = manualClock();
  let user: string;
  let other: string;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    ({ user, other, admin } = await signInDefaultUsers(server));
  });
  afterAll(async () => server?.cleanup());

  const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api(server, '/api/deployments', { method: 'POST', token, body, headers });
  const get = async (token: string, id: string) => (await api(server, `/api/deployments/${id}`, { token })).body as WireDeployment;

  it('lists the three types under data, without sign-in', async () => {
    const res = await api(server, '/api/deployments/types');
    const ids = (res.body as { data: { id: string }[] }).data.map((t) => t.id);
    expect(ids).toEqual(['helix_cloud', 'trial_vm_hetzner', 'gpu_instance_civo']);
  });

  it('creates a trial VM that reaches running with a UI, logs and a delete', async () => {
    const res = await create(user, { configId: 'trial_vm_hetzner', name: 'smoke-test', timeoutMins: null });
    expect(res.status).toBe(200);
    const created = res.body as WireDeployment;
    expect(created).toMatchObject({ name: 'smoke-test', status: 'pending', helix_version: '2.12.2', timeout_mins: null });

    const running = await until('running', async () => {
      const d = await get(user, created.id);
      return d.status === 'running' ? d : null;
    });
    expect(running.ipv4).toBe('127.0.0.1');
    expect(await (await fetch(running.ui_url ?? '')).text()).toContain('Helix is running');

    const list = await api(server, '/api/deployments', { token: user });
    expect((list.body as WireDeployment[]).map((d) => d.id)).toContain(created.id);

    const logs = await fetch(`${server.url}/api/deployments/${created.id}/logs`, { headers: { authorization: `Bearer ${user}` } });
    expect(logs.status).toBe(200);
    expect(logs.headers.get('content-disposition')).toMatch(/filename="?[^"]+\.zip"?/);
    const files = unzipSync(new Uint8Array(await logs.arrayBuffer()));
    expect(strFromU8(files['cloud-init-output.log'] ?? new Uint8Array())).toMatch(/Cloud-init.*finished/);
    expect(strFromU8(files['events.log'] ?? new Uint8Array())).toContain('is running');

    expect((await api(server, `/api/deployments/${created.id}`, { method: 'DELETE', token: user })).status).toBe(204);
    expect((await api(server, `/api/deployments/${created.id}`, { token: user })).status).toBe(404);
    await server.services.tasks.drain();
    await until('UI stopped', async () => fetch(running.ui_url ?? '').then(() => false, () => true));
  });

  it('keeps users to their own deployments (404 for others) and lets admins see and delete all', async () => {
    const { body } = await create(user, { configId: 'trial_vm_hetzner', name: 'mine', timeoutMins: 60 });
    const id = (body as WireDeployment).id;
    expect((await api(server, `/api/deployments/${id}`, { token: other })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}`, { method: 'PUT', token: other, body: { timeoutMins: 120 } })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: other })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}/logs`, { token: other })).status).toBe(404);
    expect((await api(server, `/api/deployments`, { token: other })).body).toEqual([]);
    expect((await api(server, '/api/admin/deployments', { token: user })).status).toBe(403);
    expect((await api(server, '/api/admin/deployments')).status).toBe(401);

    const all = (await api(server, '/api/admin/deployments', { token: admin })).body as WireDeployment[];
    expect(all.find((d) => d.id === id)?.user_email).toBe('user@example.test');
    expect((await api(server, `/api/admin/deployments/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await api(server, `/api/deployments/${id}`, { token: user })).status).toBe(404);
    await server.services.tasks.drain();
  });

  it('answers a retried create with the same Idempotency-Key with the first deployment', async () => {
    const headers = { 'Idempotency-Key': 'create-once-1' };
    const [a, b] = await Promise.all([
      create(user, { configId: 'trial_vm_hetzner', name: 'once', timeoutMins: null }, headers),
      create(user, { configId: 'trial_vm_hetzner', name: 'once', timeoutMins: null }, headers),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((a.body as WireDeployment).id).toBe((b.body as WireDeployment).id);
    const mine = (await api(server, '/api/deployments', { token: user })).body as WireDeployment[];
    expect(mine.filter((d) => d.name === 'once')).toHaveLength(1);
    await api(server, `/api/deployments/${(a.body as WireDeployment).id}`, { method: 'DELETE', token: user });
    await server.services.tasks.drain();
  });

  it.each([
    [{ configId: 'trial_vm_hetzner', name: '   ', timeoutMins: null }, 'name'],
    [{ configId: 'trial_vm_hetzner', name: 'x'.repeat(64), timeoutMins: null }, 'name'],
    [{ configId: 'nope', name: 'x', timeoutMins: null }, 'configId'],
    [{ configId: 'trial_vm_hetzner', name: 'x', timeoutMins: 61 }, 'timeoutMins'],
    [{ configId: 'trial_vm_hetzner', name: 'x', timeoutMins: '60' }, 'timeoutMins'],
    [{ configId: 'trial_vm_hetzner', name: 'x', timeoutMins: null, helixVersion: '9.9.9' }, 'version'],
    [{ configId: 'trial_vm_hetzner', name: 'x', timeoutMins: null, helixVersion: '1.0; rm -rf /' }, 'helixVersion'],
  ])('rejects a bad create body %j with a 400 naming %s', async (body, field) => {
    const res = await create(user, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('refuses the hosted cloud type, which only opens the hosted app', async () => {
    const res = await create(user, { configId: 'helix_cloud', name: 'x', timeoutMins: null });
    expect(res.status).toBe(400);
  });

  it('extends the timeout, changes the version, and terminates when the time is up', async () => {
    const { body } = await create(user, { configId: 'trial_vm_hetzner', name: 'short', timeoutMins: 60, helixVersion: '2.11.4' });
    const id = (body as WireDeployment).id;
    expect((body as WireDeployment).helix_version).toBe('2.11.4');
    await until('running', async () => (await get(user, id)).status === 'running');

    const extended = await api(server, `/api/deployments/${id}`, { method: 'PUT', token: user, body: { timeoutMins: 120 } });
    expect(extended.status).toBe(200);
    expect((extended.body as WireDeployment).timeout_mins).toBeGreaterThanOrEqual(120);
    expect((await api(server, `/api/deployments/${id}`, { method: 'PUT', token: user, body: { timeoutMins: 7 } })).status).toBe(400);

    const updated = await api(server, `/api/deployments/${id}/update-version`, { method: 'PUT', token: user, body: { version: '2.12.1' } });
    expect((updated.body as WireDeployment).helix_version).toBe('2.12.1');
    expect((await api(server, `/api/deployments/${id}/update-version`, { method: 'PUT', token: user, body: { version: '' } })).status).toBe(400);

    expect(await autoTerminate(server.services.deployments)).toBe(0);
    clock.advance(121 * 60_000);
    expect(await autoTerminate(server.services.deployments)).toBe(1);
    expect((await api(server, `/api/deployments/${id}`, { token: user })).status).toBe(404);
    expect(await autoTerminate(server.services.deployments)).toBe(0);
  });

  it('runs the GPU setup steps for real and reruns a completed one', async () => {
    // $5/h is more than the free credit: the first try is refused with 402, an admin top-up lets it start.
    expect((await create(user, { configId: 'gpu_instance_civo', name: 'gpu', timeoutMins: null })).status).toBe(402);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: admin, body: { email: 'user@example.test', amount_cents: 1000 } })).status).toBe(200);
    const { body } = await create(user, { configId: 'gpu_instance_civo', name: 'gpu', timeoutMins: null });
    const id = (body as WireDeployment).id;
    const steps = await until('all steps completed', async () => {
      const s = (await api(server, `/api/deployments/${id}/setup-steps`, { token: user })).body as { id: string; completed: boolean }[];
      return s.length > 0 && s.every((x) => x.completed) ? s : null;
    });
    expect(steps.map((s) => s.id)).toContain('gpu-drivers');
    const rerun = await api(server, `/api/deployments/${id}/setup-steps/verify/rerun`, { method: 'POST', token: user });
    expect(rerun.status).toBe(200);
    expect((await api(server, `/api/deployments/${id}/setup-steps/nope/rerun`, { method: 'POST', token: user })).status).toBe(404);
    await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: user });
    await server.services.tasks.drain();
  });

  it('fails provisioning abandoned by a dead worker and deletes machines nobody owns', async () => {
    const local = server.services.deployments.providers.byName('local');
    if (!local) throw new Error('no local provider');
    await local.create({ deploymentId: '00000000-0000-4000-8000-000000000000', hostname: 'lp-orphan00000', configId: 'trial_vm_hetzner', gpu: false, version: '2.12.2', sshPublicKey: '', userData: '', labels: {} });
    const result = await reconcile(server.services.deployments);
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    expect((await local.get('lp-orphan00000')).state).toBe('missing');
  });

  it('stores the model-hub token per user', async () => {
    expect((await api(server, '/api/user/meta', { token: user })).body).toEqual({ meta: { huggingface_token: null } });
    expect((await api(server, '/api/user/meta', { method: 'PUT', token: user, body: { huggingface_token: 'hf_abc123' } })).status).toBe(200);
    expect((await api(server, '/api/user/meta', { token: user })).body).toEqual({ meta: { huggingface_token: 'hf_abc123' } });
    expect((await api(server, '/api/user/meta', { token: other })).body).toEqual({ meta: { huggingface_token: null } });
    expect((await api(server, '/api/user/meta', { method: 'PUT', token: user, body: { huggingface_token: 'bad token!' } })).status).toBe(400);
  });
});
