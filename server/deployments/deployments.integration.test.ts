import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { autoTerminate, reconcile } from './jobs';
import { claimVersionUpdate } from './version-update-queries';
import { installationId } from './installation';
import { manualClock, until } from '../../test/support/clock';
import { deploymentsContract } from '../../shared/api/deployments';
import type { RouteInput } from '../../shared/api/route';
import { defaultBrand } from '../../shared/brand';
import { api } from '../../test/support/api-client';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';

const c = deploymentsContract(defaultBrand);
type CreateBody = RouteInput<typeof c.create>['body'];

describe('hosted deployments on the local provider', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({ CIVO_GPU_SIZE: 'an.g1.l40s.x1' }, { clock, signIn: 'all' });

  /** any body, bad ones included: the raw answer */
  const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => send(server, c.create, { body: body as CreateBody, headers }, { token });
  /** a body that must succeed: the deployment as the renderer reads it */
  const created = (token: string, body: CreateBody) => call(server, c.create, { body }, { token });
  const get = (token: string, id: string) => call(server, c.get, { params: { id } }, { token });

  it('lists the three types under data, without sign-in; the GPU card names the hardware of CIVO_GPU_SIZE', async () => {
    const types = (await call(server, c.types, {})).data;
    expect(types.map((t) => t.id)).toEqual(['helix_cloud', 'trial_vm_hetzner', 'gpu_instance_civo']);
    expect(types[2]?.features[0]).toBe('1× NVIDIA L40S 48GB');
  });

  it('creates a trial VM that reaches running with a UI, logs (smoke-test rule "split the header on =, the rest ends in .zip": unquoted, flat zip) and a delete', async () => {
    const res = await create(tokens.user, { configId: 'trial_vm_hetzner', name: 'smoke-test', timeoutMins: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'smoke-test', status: 'pending', helix_version: '2.12.2', timeout_mins: null });
    const deployment = c.create.responses[200].schema.parse(res.body);

    const running = await until('running', async () => {
      const d = await get(tokens.user, deployment.id);
      return d.status === 'running' ? d : null;
    });
    expect(running.ipv4).toBe('127.0.0.1');
    expect(await (await fetch(running.ui_url ?? '')).text()).toContain('Helix is running');

    const list = await call(server, c.list, {}, { token: tokens.user });
    expect(list.map((d) => d.id)).toContain(deployment.id);

    const logs = await fetch(`${server.url}/api/deployments/${deployment.id}/logs`, { headers: { authorization: `Bearer ${tokens.user}` } });
    expect(logs.status).toBe(200);
    // The platform's smoke test: split the header on "=", the rest must end in ".zip" (so unquoted)
    const disposition = logs.headers.get('content-disposition') ?? '';
    expect(disposition).toBe(`attachment; filename=${deployment.id}-logs.zip`);
    expect(disposition.split('=').slice(1).join('=').endsWith('.zip')).toBe(true);
    const files = unzipSync(new Uint8Array(await logs.arrayBuffer()));
    // …and it reads every top-level entry as a file: the zip is flat, no folders
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(3);
    for (const name of Object.keys(files)) expect(name, name).not.toContain('/');
    expect(strFromU8(files['cloud-init-output.log'] ?? new Uint8Array())).toMatch(/Cloud-init.*finished/);
    expect(strFromU8(files['events.log'] ?? new Uint8Array())).toContain('is running');

    // the provisioning output is kept on the row (issue 45), still there once the machine is gone
    const kept = await call(server, c.provisioningLog, { params: { id: deployment.id } }, { token: tokens.user });
    expect(kept.source).toBe('kept');
    expect(kept.log).toMatch(/Cloud-init.*finished/);
    expect((await api(server, `/api/deployments/${deployment.id}/provisioning-log`, { token: tokens.other })).status).toBe(404);

    expect((await api(server, `/api/deployments/${deployment.id}`, { method: 'DELETE', token: tokens.user })).status).toBe(204);
    expect((await api(server, `/api/deployments/${deployment.id}`, { token: tokens.user })).status).toBe(404);
    await server.services.tasks.drain();
    await until('UI stopped', async () =>
      fetch(running.ui_url ?? '').then(
        () => false,
        () => true,
      ),
    );
  });

  it('keeps users to their own deployments (404 for others) and lets admins see and delete all', async () => {
    const { id } = await created(tokens.user, { configId: 'trial_vm_hetzner', name: 'mine', timeoutMins: 60 });
    expect((await api(server, `/api/deployments/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}`, { method: 'PUT', token: tokens.other, body: { timeoutMins: 120 } })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: tokens.other })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}/logs`, { token: tokens.other })).status).toBe(404);
    expect((await api(server, `/api/deployments`, { token: tokens.other })).body).toEqual([]);
    expect((await api(server, '/api/admin/deployments', { token: tokens.user })).status).toBe(403);
    expect((await api(server, '/api/admin/deployments')).status).toBe(401);

    const all = await call(server, c.adminList, { query: { search: id } }, { token: tokens.admin });
    expect(all.deployments.find((d) => d.id === id)?.user_email).toBe('user@example.test');
    expect((await api(server, `/api/admin/deployments/${id}`, { method: 'DELETE', token: tokens.admin })).status).toBe(204);
    expect((await api(server, `/api/deployments/${id}`, { token: tokens.user })).status).toBe(404);
    await server.services.tasks.drain();
  });

  it('answers a retried create with the same Idempotency-Key with the first deployment', async () => {
    const headers = { 'Idempotency-Key': 'create-once-1' };
    const [a, b] = await Promise.all([
      create(tokens.user, { configId: 'trial_vm_hetzner', name: 'once', timeoutMins: null }, headers),
      create(tokens.user, { configId: 'trial_vm_hetzner', name: 'once', timeoutMins: null }, headers),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const first = c.create.responses[200].schema.parse(a.body);
    expect(c.create.responses[200].schema.parse(b.body).id).toBe(first.id);
    const mine = await call(server, c.list, {}, { token: tokens.user });
    expect(mine.filter((d) => d.name === 'once')).toHaveLength(1);
    await call(server, c.remove, { params: { id: first.id } }, { token: tokens.user });
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
    const res = await create(tokens.user, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('refuses the hosted cloud type, which only opens the hosted app', async () => {
    const res = await create(tokens.user, { configId: 'helix_cloud', name: 'x', timeoutMins: null });
    expect(res.status).toBe(400);
  });

  it('changes the version: "updating" with the old version until the installer succeeded, then the new one; a failed update keeps the old version and puts the output in the events', async () => {
    const { id } = await created(tokens.user, { configId: 'trial_vm_hetzner', name: 'upgrade-me', timeoutMins: null, helixVersion: '2.11.4' });
    // nothing to update before the platform is installed
    expect((await send(server, c.updateVersion, { params: { id }, body: { version: '2.12.2' } }, { token: tokens.user })).status).toBe(409);
    await until('running', async () => (await get(tokens.user, id)).status === 'running');
    const local = server.services.deployments.providers.byName('local');
    if (!local) throw new Error('no local provider');
    const row = await server.services.deployments.db.query.deployments.findFirst({ where: (d, { eq }) => eq(d.id, id) });
    const target = { deploymentId: id, serverId: row?.serverId ?? '', ipv4: '127.0.0.1', sshPrivateKey: null };
    const versionOnMachine = async () => (await local.exec(target, 'cat config/*.env')).output.match(/^VERSION=(.*)$/m)?.[1];

    const started = await call(server, c.updateVersion, { params: { id }, body: { version: '2.12.1' } }, { token: tokens.user });
    // the machine does not have 2.12.1 yet: the row says so
    expect(started).toMatchObject({ status: 'updating', version: '2.11.4' });
    const done = await until('the update to finish', async () => {
      const d = await get(tokens.user, id);
      return d.status === 'running' ? d : null;
    });
    expect(done.version).toBe('2.12.1');
    expect(await versionOnMachine()).toBe('2.12.1');

    // the installer fails: the version stays, the event carries its output
    await local.exec(target, 'rm -f config/*.env');
    expect(await call(server, c.updateVersion, { params: { id }, body: { version: '2.12.2' } }, { token: tokens.user })).toMatchObject({ status: 'updating', version: '2.12.1' });
    const failed = await until('the failed update to finish', async () => {
      const d = await get(tokens.user, id);
      return d.status === 'running' ? d : null;
    });
    expect(failed.version).toBe('2.12.1');
    const logs = await fetch(`${server.url}/api/deployments/${id}/logs`, { headers: { authorization: `Bearer ${tokens.user}` } });
    const events = strFromU8(unzipSync(new Uint8Array(await logs.arrayBuffer()))['events.log'] ?? new Uint8Array());
    expect(events).toContain('Updated to 2.12.1');
    expect(events).toMatch(/Update to 2\.12\.2 failed \(exit \d+\); the recorded version stays 2\.12\.1\. Installer output:\n.*config\/\*\.env/);

    // an update whose worker died (Launchpad stopped mid-install) is given up once its lease ran out
    const now = clock.now();
    await claimVersionUpdate(server.services.deployments.db, id, row?.userId ?? '', '2.12.2', now, new Date(now.getTime() + 60_000));
    expect((await get(tokens.user, id)).status).toBe('updating');
    expect((await reconcile(server.services.deployments)).updatesGivenUp).toBe(0);
    clock.advance(61_000);
    expect((await reconcile(server.services.deployments)).updatesGivenUp).toBe(1);
    expect(await get(tokens.user, id)).toMatchObject({ status: 'running', version: '2.12.1' });
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: tokens.user })).status).toBe(204);
  });

  it('extends the timeout and terminates when the time is up', async () => {
    const { id, version } = await created(tokens.user, { configId: 'trial_vm_hetzner', name: 'short', timeoutMins: 60, helixVersion: '2.11.4' });
    expect(version, 'helix_version on the wire').toBe('2.11.4');
    await until('running', async () => (await get(tokens.user, id)).status === 'running');

    const extended = await call(server, c.updateTimeout, { params: { id }, body: { timeoutMins: 120 } }, { token: tokens.user });
    expect(extended.timeout_mins).toBeGreaterThanOrEqual(120);
    expect((await api(server, `/api/deployments/${id}`, { method: 'PUT', token: tokens.user, body: { timeoutMins: 7 } })).status).toBe(400);

    expect((await api(server, `/api/deployments/${id}/update-version`, { method: 'PUT', token: tokens.user, body: { version: '' } })).status).toBe(400);

    expect(await autoTerminate(server.services.deployments)).toBe(0);
    clock.advance(121 * 60_000);
    expect(await autoTerminate(server.services.deployments)).toBe(1);
    expect((await api(server, `/api/deployments/${id}`, { token: tokens.user })).status).toBe(404);
    expect(await autoTerminate(server.services.deployments)).toBe(0);
  });

  it('runs the GPU setup steps for real and reruns a completed one', async () => {
    // $5/h is more than the free credit: the first try is refused with 402, an admin top-up lets it start.
    expect((await create(tokens.user, { configId: 'gpu_instance_civo', name: 'gpu', timeoutMins: null })).status).toBe(402);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { email: 'user@example.test', amount_cents: 1000, reason: 'test' } })).status).toBe(200);
    const { id } = await created(tokens.user, { configId: 'gpu_instance_civo', name: 'gpu', timeoutMins: null });
    const steps = await until('all steps completed', async () => {
      const s = await call(server, c.setupSteps, { params: { id } }, { token: tokens.user });
      return s.length > 0 && s.every((x) => x.completed) ? s : null;
    });
    expect(steps.map((s) => s.id)).toContain('gpu-drivers');
    expect(await call(server, c.rerunSetupStep, { params: { id, stepId: 'verify' } }, { token: tokens.user })).toEqual({ ok: true });
    expect((await api(server, `/api/deployments/${id}/setup-steps/nope/rerun`, { method: 'POST', token: tokens.user })).status).toBe(404);
    // the smoke test reads every top-level zip entry as a file: the step logs sit flat beside the others
    const logs = await fetch(`${server.url}/api/deployments/${id}/logs`, { headers: { authorization: `Bearer ${tokens.user}` } });
    const names = Object.keys(unzipSync(new Uint8Array(await logs.arrayBuffer())));
    expect(names).toContain(`setup-step-01-${steps[0]?.id ?? ''}.log`);
    for (const name of names) expect(name, name).not.toContain('/');
    await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: tokens.user });
    await server.services.tasks.drain();
  });

  it('fails provisioning abandoned by a dead worker and deletes machines nobody owns', async () => {
    const local = server.services.deployments.providers.byName('local');
    if (!local) throw new Error('no local provider');
    await local.create({
      deploymentId: '00000000-0000-4000-8000-000000000000',
      hostname: 'lp-orphan00000',
      typeId: 'trial_vm_hetzner',
      gpu: false,
      version: '2.12.2',
      sshPublicKey: '',
      labels: {},
      installationId: await installationId(server.services.deployments.db),
    });
    const result = await reconcile(server.services.deployments);
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    expect((await local.get('lp-orphan00000')).state).toBe('missing');
  });

  it('stores the model-hub token per user, write-only: only its last 4 characters come back', async () => {
    expect((await api(server, '/api/user/meta', { token: tokens.user })).body).toEqual({ meta: { huggingface_token_last4: null } });
    expect((await api(server, '/api/user/meta', { method: 'PUT', token: tokens.user, body: { huggingface_token: 'hf_abc123' } })).status).toBe(200);
    expect((await api(server, '/api/user/meta', { token: tokens.user })).body).toEqual({ meta: { huggingface_token_last4: 'c123' } });
    expect((await api(server, '/api/user/meta', { token: tokens.other })).body).toEqual({ meta: { huggingface_token_last4: null } });
    expect((await api(server, '/api/user/meta', { method: 'PUT', token: tokens.user, body: { huggingface_token: 'bad token!' } })).status).toBe(400);
  });
});
