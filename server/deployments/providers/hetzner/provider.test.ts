import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { plantHetznerServer, recordShell, testInstallationId, testSpec, until } from '../../../../test/support/fake-cloud/test-helpers';
import { sharedRetryCases, providerSuite } from '../../../../test/support/fake-cloud/provider-suite';
import { ProviderError, type Machine, type MachineTarget } from '../types';
import { createHetznerProvider } from './provider';

const suite = providerSuite();
const { log, waits, retries } = suite;

function provider(over: { token?: string; serverType?: string; apiUrl?: string; timeoutMs?: number } = {}) {
  return createHetznerProvider(
    {
      clusterDomain: 'deploy.example.com',
      hetzner: { token: over.token ?? suite.fake.hetznerToken, apiUrl: over.apiUrl ?? suite.fake.hetznerUrl, serverType: over.serverType ?? 'cx22', location: 'nbg1', image: 'ubuntu-24.04' },
    },
    {
      sshPort: suite.fake.sshPort,
      installLogPath: log.file,
      timeoutMs: over.timeoutMs ?? 2_000,
      now: () => suite.fake.now(),
      // Waits are recorded and "pass" on the fake's clock instead of in real time.
      sleep: async (ms) => {
        waits.push(ms);
        suite.fake.advanceClock(ms);
      },
      onRetry: (e) => retries.push(e),
    },
  );
}

const requestsTo = (method: string, path: string) => suite.fake.requests.filter((r) => r.api === 'hetzner' && r.method === method && r.path.split('?')[0] === path);

describe('hetzner provider against the fake Hetzner Cloud API', () => {
  const { spec, keys } = testSpec('0f8e3a52-7d41-4c55-9d7e-1b2c3d4e5f60');
  let machine: Machine;
  let target: MachineTarget;

  it('uploads the deployment key and creates a labelled server with install user data', async () => {
    machine = await provider().create(spec);
    expect(machine).toMatchObject({ state: 'provisioning', ipv4: '127.0.0.1', deploymentId: spec.deploymentId });
    const server = suite.fake.hetzner.servers.get(Number(machine.serverId));
    expect(server?.name).toBe(spec.hostname);
    expect(server?.labels).toMatchObject({ launchpad: 'true', 'launchpad-deployment': spec.deploymentId, 'launchpad-installation': testInstallationId });
    expect(server?.user_data).toContain("PLATFORM_VERSION='2.12.2'");
    const key = [...suite.fake.hetzner.sshKeys.values()].find((k) => k.name === spec.hostname);
    expect(key?.public_key).toBe(keys.publicKey);
    expect(server?.ssh_keys).toEqual([key?.id]);
    target = { deploymentId: spec.deploymentId, serverId: machine.serverId, ipv4: machine.ipv4, sshPrivateKey: keys.privateKey };
  });

  it('polls until running and gives the UI address', async () => {
    const p = provider();
    const running = await until(async () => {
      const m = await p.get(machine.serverId);
      return m.state === 'running' ? m : null;
    });
    expect(running.ipv4).toBe('127.0.0.1');
    expect(await p.uiUrl(target)).toBe('https://127-0-0-1.deploy.example.com/');
    expect(await p.uiUrl({ ...target, ipv4: null })).toBe('https://127-0-0-1.deploy.example.com/');
  });

  it('finds the server by its Launchpad label', async () => {
    const owned = await provider().listOwned();
    expect(owned).toContainEqual({ serverId: machine.serverId, state: 'running', ipv4: '127.0.0.1', deploymentId: spec.deploymentId, installationId: testInstallationId });
    expect(requestsTo('GET', '/servers').at(-1)?.path).toContain('label_selector=launchpad%3Dtrue');
  });

  it('runs commands over SSH with the deployment key', async () => {
    const p = provider();
    expect(await p.exec(target, 'echo hello')).toEqual({ code: 0, output: 'hello\n' });
    expect(await p.exec(target, 'echo oops >&2; exit 3')).toEqual({ code: 3, output: 'oops\n' });
  });

  it('opens an interactive shell with a pty that follows resizes', async () => {
    const shell = await provider().openShell(target, { rows: 24, cols: 80 });
    const out = recordShell(shell);
    shell.write('echo $((6*7))\n');
    await out.waitFor('42');
    shell.resize(40, 120);
    shell.write('stty size\n');
    await out.waitFor('40 120');
    const exited = new Promise<number | null>((resolve) => shell.onExit(resolve));
    shell.kill();
    await exited;
  });

  it('reads the install log once it exists', async () => {
    const p = provider();
    expect(await p.installLog(target)).toBeNull();
    fs.writeFileSync(log.file, 'Cloud-init v. 24.1 finished at now\n');
    expect(await p.installLog(target)).toBe('Cloud-init v. 24.1 finished at now\n');
    expect(await p.installLog({ ...target, ipv4: null })).toBeNull();
  });

  it('deletes the server and its key, and deleting again is fine', async () => {
    const p = provider();
    await p.delete(machine.serverId);
    expect(suite.fake.hetzner.servers.has(Number(machine.serverId))).toBe(false);
    expect([...suite.fake.hetzner.sshKeys.values()].some((k) => k.name === spec.hostname)).toBe(false);
    expect((await p.get(machine.serverId)).state).toBe('missing');
    await p.delete(machine.serverId);
    expect((await p.get('not-a-number')).state).toBe('missing');
  });
});

describe('hetzner provider: pagination and retried creates', () => {
  it('lists owned servers across pages, and only Launchpad ones', async () => {
    const p = provider();
    const before = (await p.listOwned()).length;
    for (let i = 0; i < 55; i++) {
      const id = 900_000 + i;
      const labels: Record<string, string> = i < 52 ? { launchpad: 'true', 'launchpad-deployment': `bulk-${i}` } : { team: 'other' };
      plantHetznerServer(suite.fake, id, `bulk-${i}`, labels);
    }
    const owned = await p.listOwned();
    expect(owned.length).toBe(before + 52);
    expect(owned.every((m) => m.deploymentId !== undefined)).toBe(true);
    for (let i = 0; i < 55; i++) suite.fake.hetzner.servers.delete(900_000 + i);
  });

  it('adopts its own server when a retried create meets 409 uniqueness_error', async () => {
    const p = provider();
    const { spec } = testSpec('7a6b5c4d-1111-2222-3333-444455556666');
    const first = await p.create(spec);
    // Same deployment again, e.g. a create whose first answer was lost: the same server comes back.
    const again = await p.create({ ...spec });
    expect(again.serverId).toBe(first.serverId);
    await p.delete(first.serverId);
  });
});

describe('hetzner provider: API errors', () => {
  it('422 invalid_input is not retried and carries the API message; the uploaded key is removed', async () => {
    const keysBefore = suite.fake.hetzner.sshKeys.size;
    const posts = requestsTo('POST', '/servers').length;
    const err = await provider({ serverType: '' })
      .create(testSpec('22222222-3333-4444-5555-666666666666').spec)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 422, retryable: false });
    expect((err as Error).message).toContain("invalid input in field 'server_type': is required");
    expect(requestsTo('POST', '/servers').length).toBe(posts + 1);
    expect(retries).toEqual([]);
    expect(suite.fake.hetzner.sshKeys.size).toBe(keysBefore);
  });

  sharedRetryCases(suite, () => provider().listOwned());

  it('429 with Retry-After is retried after the requested wait', async () => {
    suite.fake.failNext(1, 429, { retryAfterSeconds: 7 });
    const before = requestsTo('GET', '/servers').length;
    await expect(provider().listOwned()).resolves.toBeInstanceOf(Array);
    expect(retries).toMatchObject([{ attempt: 1, reason: 'status', status: 429, waitMs: 7000 }]);
    expect(waits).toContain(7000);
    expect(requestsTo('GET', '/servers').length).toBe(before + 2);
  });

  it('gives up after four 5xx answers with a retryable ProviderError', async () => {
    suite.fake.failNext(4, 500);
    await expect(provider().listOwned()).rejects.toMatchObject({ status: 500, retryable: true });
    expect(retries).toHaveLength(3);
  });

  it('a hanging request times out and is retried', async () => {
    suite.fake.hangNext(1);
    await expect(provider({ timeoutMs: 2000 }).listOwned()).resolves.toBeInstanceOf(Array);
    expect(retries).toMatchObject([{ reason: 'timeout' }]);
  });

  it('network errors are retried, then reported', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await provider({ apiUrl: `http://127.0.0.1:${port}/v1` })
      .listOwned()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ retryable: true, message: expect.stringContaining('ECONNREFUSED') });
    expect(retries.map((r) => r.reason)).toEqual(['network', 'network', 'network']);
  });

  it('a bad token answers 401 without retries', async () => {
    const err = await provider({ token: 'wrong' })
      .get('1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 401, retryable: false, message: 'Hetzner: unable to authenticate' });
    expect(retries).toEqual([]);
  });

  it('waits for the rate limit to refill when RateLimit-Remaining reaches 0', async () => {
    suite.fake.hetzner.rateLimit.set(1);
    const limited = () => suite.fake.requests.filter((r) => r.status === 429).length;
    const limitedBefore = limited();
    const p = provider();
    await p.listOwned(); // spends the last request: the answer says RateLimit-Remaining: 0
    expect(waits).toEqual([]);
    await p.listOwned(); // must wait first; 3600/hour refills one request per second
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(900);
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(limited()).toBe(limitedBefore);
  });

  it('a 429 from an exhausted quota waits for the reset the headers announce', async () => {
    suite.fake.hetzner.rateLimit.set(0);
    await expect(provider().listOwned()).resolves.toBeInstanceOf(Array);
    expect(retries).toMatchObject([{ status: 429 }]);
    expect(retries[0]?.waitMs).toBeGreaterThanOrEqual(900);
    expect(retries[0]?.waitMs).toBeLessThanOrEqual(2000);
  });
});
