import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponse } from '../../shared/api/auth';
import { balanceResponse } from '../../shared/api/billing';
import { licenseList } from '../../shared/api/licenses';
import { migrationsFolder } from '../db/client';
import { users } from '../db/schema';
import { startServer, type RunningServer } from '../start';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { defaultDevUsers, deleteLocalMachines } from '../../test/support/server';
import { createRunningDeployment } from '../../test/support/running-deployment';
import { signIn } from '../../test/support/sign-in';
import { suiteLogDestination } from '../../test/support/suite-logs';
import { pgliteTemplate } from '../../test/support/test-pglite';

const pgOk = await postgresAvailable();

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** What a person sees of their account: who they are, their balance, licences, deployments and API keys. */
async function accountOf(server: { url: string }) {
  const { accessToken: token } = await signIn(server, 'user@example.test', 'userpass');
  const get = async (p: string) => {
    const res = await api(server, p, { token });
    expect(res.status, p).toBe(200);
    return res.body;
  };
  return {
    id: meResponse.parse(await get('/api/auth/me')).id,
    balance: balanceResponse.parse(await get('/api/balance')).balance_cents,
    licences: licenseList.parse(await get('/api/licenses')).map((l) => l.id),
    deployments: ((await get('/api/deployments')) as { id: string }[]).map((d) => d.id),
    keys: ((await get('/api/auth/api-keys')) as { keys: { id: string }[] }).keys.map((k) => k.id),
  };
}

/** The embedded migration's SQL, as a data folder of the release before runs it on its first start after the upgrade. */
const embeddedMigration = fs.readFileSync(path.join(migrationsFolder, fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_embedded_identity_key.sql')) ?? ''), 'utf8');

/**
 * Issue 42: the embedded provider's issuer is PUBLIC_URL/oidc. A data folder filled at
 * http://localhost:PORT and started again at http://127.0.0.1:PORT (an installation moved to its
 * real address), or the desktop app's local server on a new port, must keep every person's account.
 */
function addressMove(database: () => { DATABASE_URL?: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-move-data-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-move-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><html><body>Launchpad test renderer</body></html>');
  let running: RunningServer | undefined;
  let started = 0;
  const start = async (env: Record<string, string>) => {
    running = await startServer({
      // A new data folder starts from the run's migrated copy (a fresh cluster takes minutes on a busy machine); later starts open what it holds.
      pgliteTemplate: started++ === 0 && !database().DATABASE_URL ? pgliteTemplate() : undefined,
      env: { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEV_USERS: defaultDevUsers, RELEASES_URL: 'off', ...database(), ...env },
      rendererRoot,
      jobs: false,
      logDestination: suiteLogDestination(),
    });
    return running;
  };
  const stop = async () => {
    if (running) await deleteLocalMachines(running).catch(() => undefined);
    await running?.close();
    running = undefined;
  };
  afterAll(async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  });

  let before: Awaited<ReturnType<typeof accountOf>>;
  beforeAll(async () => {
    // Filled at http://localhost:PORT, as the default PUBLIC_URL is.
    const first = await start({ PORT: '0' });
    expect(first.url).toMatch(/^http:\/\/localhost:\d+$/);
    const { accessToken: user } = await signIn(first, 'user@example.test', 'userpass');
    const { accessToken: admin } = await signIn(first, 'admin@example.test', 'adminpass');
    // A person's account is made at their first call.
    expect((await api(first, '/api/auth/me', { token: user })).status).toBe(200);
    expect((await api(first, '/api/admin/balance/topup', { token: admin, body: { email: 'user@example.test', amount_cents: 777, reason: 'moving test' } })).status).toBe(200);
    expect((await api(first, '/api/admin/licenses/create', { token: admin, body: { email: 'user@example.test', organization_name: 'Moving Co', duration_weeks: 4 } })).status).toBe(201);
    await createRunningDeployment(first, user, 'before-the-move');
    expect((await api(first, '/api/auth/api-keys', { token: user, body: { name: 'ci' } })).status).toBeLessThan(300);
    before = await accountOf(first);
    expect(before).toMatchObject({ licences: [expect.any(String)], deployments: [expect.any(String)], keys: [expect.any(String)] });
    expect(before.balance).toBeGreaterThanOrEqual(777);
    // The release before this one kept them under the address: the upgrade's migration finds them there.
    await first.deps.db
      .update(users)
      .set({ issuer: `${first.url}/oidc` })
      .where(eq(users.kind, 'person'));
    await first.deps.db.execute(sql.raw(embeddedMigration));
    await stop();
  }, 120_000);

  it('started again at PUBLIC_URL=http://127.0.0.1:PORT, every person keeps their account: balance, licences, deployments and keys', async () => {
    const port = await freePort();
    const moved = await start({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    expect(moved.config.oidc.issuer).toBe(`http://127.0.0.1:${port}/oidc`);
    expect(await accountOf(moved)).toEqual(before);
    const people = await moved.deps.db.select({ email: users.email }).from(users).where(eq(users.kind, 'person'));
    expect(people.map((p) => p.email).sort()).toEqual(['admin@example.test', 'user@example.test']);
    await stop();
  });

  it("the desktop app's local server, started twice on new ports, signs the person into the same account", async () => {
    for (let launch = 0; launch < 2; launch++) {
      const server = await start({ PORT: '0' });
      expect(await accountOf(server)).toEqual(before);
      await stop();
    }
  });
}

describe('an installation moved to another address (PGlite data folder)', () => {
  addressMove(() => ({}));
});

describe.skipIf(!pgOk)(`an installation moved to another address (PostgreSQL) ${pgOk ? '' : postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase | undefined;
  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
  });
  afterAll(async () => pgdb?.drop());
  addressMove(() => ({ DATABASE_URL: pgdb?.url ?? '' }));
});
