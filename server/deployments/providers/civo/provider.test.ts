import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { civoSizes } from '../../../../test/support/fake-cloud/civo-api';
import { recordShell, testInstallationId, testSpec, until } from '../../../../test/support/fake-cloud/test-helpers';
import { sharedRetryCases, providerSuite } from '../../../../test/support/fake-cloud/provider-suite';
import { ProviderError, type Machine, type MachineTarget } from '../types';
import { loadConfig } from '../../../config';
import { createCivoProvider } from './provider';

// not the account's default region (LON1): a request that forgets `region` lands elsewhere
const suite = providerSuite({ civoRegion: 'FRA1' });
const { log, waits, retries } = suite;

function provider(over: { apiKey?: string; size?: string; diskImage?: string; timeoutMs?: number; region?: string } = {}) {
  return createCivoProvider(
    {
      clusterDomain: 'gpu.example.com',
      civo: {
        apiKey: over.apiKey ?? suite.fake.civoApiKey,
        apiUrl: suite.fake.civoUrl,
        region: over.region ?? 'FRA1',
        size: over.size ?? loadConfig({}).deployments.civo.size,
        diskImage: over.diskImage ?? 'ubuntu-jammy',
      },
    },
    {
      sshPort: suite.fake.sshPort,
      installLogPath: log.file,
      timeoutMs: over.timeoutMs ?? 2_000,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onRetry: (e) => retries.push(e),
    },
  );
}

const civoRequests = (method: string, path: string) => suite.fake.requests.filter((r) => r.api === 'civo' && r.method === method && r.path.split('?')[0] === path);

describe('civo provider against the fake Civo API', () => {
  const { spec, keys } = testSpec('5e4d3c2b-aaaa-bbbb-cccc-0123456789ab', { gpu: true, typeId: 'gpu_civo' });
  let machine: Machine;
  let target: MachineTarget;

  it('uploads the key and creates a tagged GPU instance in the default network with the install script', async () => {
    machine = await provider().create(spec);
    expect(machine).toMatchObject({ state: 'provisioning', ipv4: null, deploymentId: spec.deploymentId });
    const instance = suite.fake.civo.instances.get(machine.serverId);
    expect(instance).toMatchObject({
      hostname: spec.hostname,
      region: 'FRA1',
      size: 'an.g1.l40s.x1',
      initial_user: 'root',
      network_id: suite.fake.civo.networkId,
      template_id: suite.fake.civo.diskImages[0]?.id,
    });
    expect(instance?.tags).toEqual(expect.arrayContaining(['launchpad=true', `launchpad-deployment=${spec.deploymentId}`, `launchpad-installation=${testInstallationId}`]));
    expect(machine.installationId).toBe(testInstallationId);
    expect(instance?.script).toContain('nvidia-container-toolkit');
    expect(instance?.script).toContain("PLATFORM_VERSION='2.12.2'");
    expect(suite.fake.civo.sshKeys.get(instance?.ssh_key_id ?? '')).toMatchObject({ name: spec.hostname, public_key: keys.publicKey });
    target = { deploymentId: spec.deploymentId, serverId: machine.serverId, ipv4: null, sshPrivateKey: keys.privateKey };
  });

  it('polls until ACTIVE with a public IP, then gives the UI address', async () => {
    const p = provider();
    expect(await p.uiUrl(target)).toBeNull(); // still BUILDING: no address yet
    const running = await until(async () => {
      const m = await p.get(machine.serverId);
      return m.state === 'running' ? m : null;
    });
    expect(running.ipv4).toBe('127.0.0.1');
    target = { ...target, ipv4: running.ipv4 };
    expect(await p.uiUrl(target)).toBe('https://127-0-0-1.gpu.example.com/');
    expect(civoRequests('GET', `/instances/${machine.serverId}`).every((r) => r.path.includes('region=FRA1'))).toBe(true);
  });

  it('finds the instance by its Launchpad tag', async () => {
    const owned = await provider().listOwned();
    expect(owned).toEqual([{ serverId: machine.serverId, state: 'running', ipv4: '127.0.0.1', deploymentId: spec.deploymentId, installationId: testInstallationId }]);
  });

  it('runs commands and a shell over SSH', async () => {
    const p = provider();
    expect(await p.exec(target, 'echo hello')).toEqual({ code: 0, output: 'hello\n' });
    const shell = await p.openShell(target, { rows: 30, cols: 100 });
    const out = recordShell(shell);
    shell.write('echo $((6*7))\n');
    await out.waitFor('42');
    shell.kill();
    const once = await p.openShell(target, { rows: 30, cols: 100, command: 'stty size' });
    await recordShell(once).waitFor('30 100');
    await new Promise((resolve) => once.onExit(resolve));
  });

  it('reads the install log once it exists', async () => {
    const p = provider();
    expect(await p.installLog(target)).toBeNull();
    fs.writeFileSync(log.file, 'installing\n');
    expect(await p.installLog(target)).toBe('installing\n');
  });

  it('deletes the instance and its key, and deleting again is fine', async () => {
    const p = provider();
    const keyId = suite.fake.civo.instances.get(machine.serverId)?.ssh_key_id ?? '';
    await p.delete(machine.serverId);
    expect(suite.fake.civo.instances.has(machine.serverId)).toBe(false);
    expect(suite.fake.civo.sshKeys.has(keyId)).toBe(false);
    expect((await p.get(machine.serverId)).state).toBe('missing');
    await p.delete(machine.serverId);
    expect(await p.listOwned()).toEqual([]);
  });
});

describe("civo provider: contract with civogo and Civo's API", () => {
  it('civogo rule "add the region param for all methods", POST /v2/sshkeys included: the key is made in the instance\'s region', async () => {
    const { spec } = testSpec('c1c1c1c1-0000-4000-8000-000000000001', { gpu: true });
    const m = await provider().create(spec);
    const post = civoRequests('POST', '/sshkeys').at(-1);
    expect(new URLSearchParams(post?.path.split('?')[1] ?? '').get('region')).toBe('FRA1');
    const instance = suite.fake.civo.instances.get(m.serverId);
    expect(suite.fake.civo.sshKeys.get(instance?.ssh_key_id ?? '')?.region).toBe('FRA1');
    await provider().delete(m.serverId);
  });

  it('Civo rule "an instance uses a key of its own region": a key uploaded without region (the old request) is not found', async () => {
    // what the old upload did: POST /v2/sshkeys without region lands in the account default region
    const res = await fetch(`${suite.fake.civoUrl}/sshkeys`, {
      method: 'POST',
      headers: { authorization: `bearer ${suite.fake.civoApiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'lp-regionless', public_key: testSpec('c1c1c1c1-0000-4000-8000-000000000002').keys.publicKey }),
    });
    const { id } = (await res.json()) as { id: string };
    expect(suite.fake.civo.sshKeys.get(id)?.region).toBe('LON1');
    const create = await fetch(`${suite.fake.civoUrl}/instances`, {
      method: 'POST',
      headers: { authorization: `bearer ${suite.fake.civoApiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        hostname: 'lp-regionless',
        size: 'an.g1.l40s.x1',
        region: 'FRA1',
        network_id: suite.fake.civo.networkId,
        template_id: suite.fake.civo.diskImages[0]?.id ?? '',
        ssh_key_id: id,
      }),
    });
    expect(create.status).toBe(400);
    expect(await create.json()).toMatchObject({ code: 'database_ssh_key_not_found' });
    suite.fake.civo.sshKeys.delete(id);
  });

  it('civogo rule "decodeError switches on the body code": a duplicate key name answered 400 database_ssh_key_duplicate_name adopts our own key', async () => {
    const { spec, keys } = testSpec('c1c1c1c1-0000-4000-8000-000000000003', { gpu: true });
    // a create that died after its upload left the key behind (or the first POST's answer was lost)
    const leftover = await fetch(`${suite.fake.civoUrl}/sshkeys?region=FRA1`, {
      method: 'POST',
      headers: { authorization: `bearer ${suite.fake.civoApiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: spec.hostname, public_key: keys.publicKey }),
    });
    const { id: leftoverId } = (await leftover.json()) as { id: string };
    const before = suite.fake.requests.length;
    const m = await provider().create(spec);
    const duplicate = suite.fake.requests.slice(before).find((r) => r.method === 'POST' && r.path.startsWith('/sshkeys'));
    expect(duplicate?.status).toBe(400);
    expect(suite.fake.civo.instances.get(m.serverId)?.ssh_key_id).toBe(leftoverId);
    expect(retries).toEqual([]);
    await provider().delete(m.serverId);
  });

  it('a duplicate key name holding another public key is not adopted', async () => {
    const { spec } = testSpec('c1c1c1c1-0000-4000-8000-000000000004', { gpu: true });
    suite.fake.civo.sshKeys.set('00000000-0000-4000-8000-0000000000aa', { id: '00000000-0000-4000-8000-0000000000aa', name: spec.hostname, public_key: 'ssh-ed25519 AAAAsomeoneelse', region: 'FRA1' });
    await expect(provider().create(spec)).rejects.toMatchObject({ status: 400, code: 'database_ssh_key_duplicate_name' });
    suite.fake.civo.sshKeys.delete('00000000-0000-4000-8000-0000000000aa');
  });

  it('civogo rule "database_instance_duplicate_name" (any status): a retried create adopts the instance carrying our deployment tag', async () => {
    const { spec } = testSpec('c1c1c1c1-0000-4000-8000-000000000005', { gpu: true });
    const first = await provider().create(spec);
    const again = await provider().create(spec);
    expect(again.serverId).toBe(first.serverId);
    expect(suite.fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/instances') && r.status === 400).length).toBeGreaterThan(0);
    await provider().delete(first.serverId);
  });

  it('Civo /v2/sizes rule "type Instance vs Kubernetes": the default GPU size is an instance size, the .kube. one is refused', async () => {
    const size = loadConfig({}).deployments.civo.size;
    expect(civoSizes.find((z) => z.name === size)).toMatchObject({ type: 'Instance', gpu_count: 1 });
    const sizes = (await (await fetch(`${suite.fake.civoUrl}/sizes`, { headers: { authorization: `bearer ${suite.fake.civoApiKey}` } })).json()) as { type: string; name: string }[];
    expect(sizes.find((z) => z.name === 'an.g1.l40s.kube.x1')?.type).toBe('Kubernetes');
    const err = await provider({ size: 'an.g1.l40s.kube.x1' })
      .create(testSpec('c1c1c1c1-0000-4000-8000-000000000006', { gpu: true }).spec)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'database_size_not_found' });
  });
});

describe('civo provider: API errors', () => {
  it('a missing parameter is rejected with Civo’s reason, not retried, and the key is cleaned up', async () => {
    const keysBefore = suite.fake.civo.sshKeys.size;
    const err = await provider({ size: '' })
      .create(testSpec('99999999-8888-7777-6666-555555555555').spec)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 400, retryable: false, message: 'Civo: The size parameter is required' });
    expect(retries).toEqual([]);
    expect(suite.fake.civo.sshKeys.size).toBe(keysBefore);
  });

  it('an unknown disk image is reported before anything is created', async () => {
    await expect(provider({ diskImage: 'no-such-image' }).create(testSpec('12121212-3434-5656-7878-909090909090').spec)).rejects.toThrow('disk image no-such-image not found');
  });

  sharedRetryCases(suite, () => provider().listOwned());

  it('429 with Retry-After, then success', async () => {
    suite.fake.failNext(1, 429, { retryAfterSeconds: 2 });
    await expect(provider().listOwned()).resolves.toEqual([]);
    expect(retries).toMatchObject([{ status: 429, waitMs: 2000 }]);
    expect(waits).toEqual([2000]);
  });

  it('a hanging request times out and is retried', async () => {
    suite.fake.hangNext(1);
    await expect(provider({ timeoutMs: 2000 }).get('00000000-0000-4000-8000-000000000000')).resolves.toMatchObject({ state: 'missing' });
    expect(retries).toMatchObject([{ reason: 'timeout' }]);
  });

  it('a bad API key answers 401', async () => {
    await expect(provider({ apiKey: 'nope' }).listOwned()).rejects.toMatchObject({ status: 401, retryable: false, message: expect.stringContaining('invalid API key') });
  });

  it('refuses to start without an API key', () => {
    expect(() => createCivoProvider({ clusterDomain: 'x', civo: { apiKey: undefined, apiUrl: suite.fake.civoUrl, region: 'FRA1', size: 's', diskImage: 'd' } })).toThrow(
      'CIVO_API_KEY is not configured',
    );
  });
});
