import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { startFakeCloud, type FakeCloud } from '../../test/support/fake-cloud/fake-cloud';
import { plantHetznerServer } from '../../test/support/fake-cloud/test-helpers';
import { installationId } from './installation';
import { reconcile } from './jobs';
import { until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';

const c = deploymentsContract(defaultBrand);

/**
 * Two Launchpads (two databases) sharing one Hetzner project and one Civo account, as an operator
 * running staging and production on the same cloud accounts would.
 */
describe('two Launchpads sharing one Hetzner project and Civo account', () => {
  let cloud: FakeCloud;
  let a: TestServer;
  let b: TestServer;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    cloud = await startFakeCloud({ civoRegion: 'LON1' });
    const env = {
      TRIAL_VM_PROVIDER: 'hetzner',
      HETZNER_API_TOKEN: cloud.hetznerToken,
      HETZNER_API_URL: cloud.hetznerUrl,
      GPU_PROVIDER: 'civo',
      CIVO_API_KEY: cloud.civoApiKey,
      CIVO_API_URL: cloud.civoUrl,
    };
    a = await startTestServer(env);
    b = await startTestServer(env);
    tokenA = (await signInDefaultUsers(a)).user;
    tokenB = (await signInDefaultUsers(b)).user;
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await cloud?.close();
  });

  const createTrial = async (server: TestServer, token: string, name: string) => {
    const { id } = await call(server, c.create, { body: { configId: 'trial_vm_hetzner', name, timeoutMins: null } }, { token });
    return until(
      `${name} has a machine`,
      async () => {
        const d = await call(server, c.get, { params: { id } }, { token });
        return d.server_id ? d : undefined;
      },
      20_000,
      50,
    );
  };
  const hetznerServer = (serverId: string | null) => cloud.hetzner.servers.get(Number(serverId));
  let nextId = 800_000;
  /** a server made outside this test's Launchpads' create path, with the given labels */
  const plantServer = (labels: Record<string, string>) => {
    const id = nextId++;
    plantHetznerServer(cloud, id, `planted-${id}`, labels);
    return id;
  };

  it('each installation has its own stable id, stored in its database', async () => {
    const idA = await installationId(a.services.deployments.db);
    const idB = await installationId(b.services.deployments.db);
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    expect(await installationId(a.services.deployments.db)).toBe(idA);
  });

  it('reconciler rule "delete only machines labelled launchpad-installation=<own id>": neither deletes the other\'s running machine', async () => {
    const mineA = await createTrial(a, tokenA, 'prod');
    const mineB = await createTrial(b, tokenB, 'staging');
    expect(hetznerServer(mineA.server_id)?.labels).toMatchObject({ launchpad: 'true', 'launchpad-installation': await installationId(a.services.deployments.db) });
    expect(hetznerServer(mineB.server_id)?.labels['launchpad-installation']).toBe(await installationId(b.services.deployments.db));

    // Before the label, A's reconciler saw B's `launchpad=true` machine as an orphan of its own and deleted it.
    const resultA = await reconcile(a.services.deployments);
    const resultB = await reconcile(b.services.deployments);
    expect(resultA.orphans).toBe(0);
    expect(resultB.orphans).toBe(0);
    expect(resultA.notOurs).toBeGreaterThanOrEqual(1);
    expect(hetznerServer(mineA.server_id)).toBeDefined();
    expect(hetznerServer(mineB.server_id)).toBeDefined();

    for (const [server, token, d] of [
      [a, tokenA, mineA],
      [b, tokenB, mineB],
    ] as const) {
      expect((await api(server, `/api/deployments/${d.id}`, { method: 'DELETE', token })).status).toBe(204);
      await server.services.tasks.drain();
    }
    await until('both machines deleted', async () => !hetznerServer(mineA.server_id) && !hetznerServer(mineB.server_id));
  });

  it("an orphan carrying A's installation label is deleted by A and left alone by B", async () => {
    const orphan = plantServer({ launchpad: 'true', 'launchpad-deployment': randomUUID(), 'launchpad-installation': await installationId(a.services.deployments.db) });
    expect((await reconcile(b.services.deployments)).orphans).toBe(0);
    expect(cloud.hetzner.servers.has(orphan)).toBe(true);
    expect((await reconcile(a.services.deployments)).orphans).toBe(1);
    expect(cloud.hetzner.servers.has(orphan)).toBe(false);
  });

  it('a machine from before the label (launchpad=true only) is never deleted unless this database has its deployment row', async () => {
    // nobody's database knows this deployment: it may be another Launchpad's, so nobody deletes it
    const unknown = plantServer({ launchpad: 'true', 'launchpad-deployment': randomUUID() });
    // A's deployment row exists (deleted) while its pre-label machine survived: A adopts and deletes it
    const gone = await createTrial(a, tokenA, 'old');
    expect((await api(a, `/api/deployments/${gone.id}`, { method: 'DELETE', token: tokenA })).status).toBe(204);
    await a.services.tasks.drain();
    const survivor = plantServer({ launchpad: 'true', 'launchpad-deployment': gone.id });

    expect((await reconcile(b.services.deployments)).orphans).toBe(0);
    expect(cloud.hetzner.servers.has(unknown)).toBe(true);
    expect(cloud.hetzner.servers.has(survivor)).toBe(true);

    expect((await reconcile(a.services.deployments)).orphans).toBe(1);
    expect(cloud.hetzner.servers.has(survivor)).toBe(false);
    expect(cloud.hetzner.servers.has(unknown)).toBe(true);
    cloud.hetzner.servers.delete(unknown);
  });

  it('on Civo too: tags carry the installation, and only the owner reconciles an orphan', async () => {
    const orphanOfB = cloud.civo.instances.size;
    const tagsOf = (installation: string) => ['launchpad=true', `launchpad-deployment=${randomUUID()}`, `launchpad-installation=${installation}`];
    const plant = (tags: string[]) => {
      const id = randomUUID();
      cloud.civo.instances.set(id, {
        id,
        hostname: `planted-${id.slice(0, 8)}`,
        size: 'an.g1.l40s.x1',
        region: 'LON1',
        network_id: cloud.civo.networkId,
        template_id: cloud.civo.diskImages[0]?.id ?? '',
        initial_user: 'root',
        ssh_key_id: null,
        tags,
        script: '',
        status: 'ACTIVE',
        public_ip: '127.0.0.1',
        created_at: '',
        gets: 0,
      });
      return id;
    };
    const ofB = plant(tagsOf(await installationId(b.services.deployments.db)));
    const legacy = plant(['launchpad=true', `launchpad-deployment=${randomUUID()}`]);
    expect((await reconcile(a.services.deployments)).orphans).toBe(0);
    expect(cloud.civo.instances.has(ofB)).toBe(true);
    expect(cloud.civo.instances.has(legacy)).toBe(true);
    expect((await reconcile(b.services.deployments)).orphans).toBe(1);
    expect(cloud.civo.instances.has(ofB)).toBe(false);
    expect(cloud.civo.instances.has(legacy)).toBe(true);
    cloud.civo.instances.delete(legacy);
    expect(cloud.civo.instances.size).toBe(orphanOfB);
  });
});
