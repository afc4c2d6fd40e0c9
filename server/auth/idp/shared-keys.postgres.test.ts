import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { startServer, type RunningServer } from '../../start';
import { api } from '../../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, type TestPostgresDatabase } from '../../../test/support/postgres';
import { startRoundRobinProxy } from '../../../test/support/round-robin-proxy';
import { signIn } from '../../../test/support/sign-in';

/**
 * Replicas with their own data folders (as pods with emptyDir volumes) on one fresh PostgreSQL:
 * the identity keys, the licence-signing key and the development accounts are made once in the
 * database, so each replica accepts the tokens of every other.
 */
describe.runIf(await postgresAvailable())('replicas share one identity through the database', () => {
  let database: TestPostgresDatabase;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-replica-'));
    dirs.push(dir);
    return dir;
  };
  const env = () => ({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir(), DATABASE_URL: database.url, PUBLIC_URL: proxy.url, LOG_LEVEL: 'silent', RELEASES_URL: 'off' });

  beforeAll(async () => {
    database = await createPostgresDatabase();
    proxy = await startRoundRobinProxy();
    // Started together on a fresh database: both race to make the keys.
    servers.push(...(await Promise.all([startServer({ env: env() }), startServer({ env: env() })])));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.close();
    await proxy?.close();
    await database?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('two replicas started together agree on keys and accounts, and accept each other’s tokens', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    expect(a.devAccounts.map((x) => [x.email, x.password])).toEqual(b.devAccounts.map((x) => [x.email, x.password]));
    expect(a.services.licenses.signer.publicKeyPem).toBe(b.services.licenses.signer.publicKeyPem);

    proxy.setTargets([a.localUrl]);
    const user = a.devAccounts.find((x) => !x.admin);
    const { accessToken } = await signIn({ url: proxy.url }, user?.email ?? '', user?.password ?? '');
    expect((await api({ url: b.localUrl }, '/api/deployments', { token: accessToken })).status).toBe(200);
    expect((await api({ url: a.localUrl }, '/api/deployments', { token: accessToken })).status).toBe(200);
  });

  it('a later replica with a data folder holding other keys refuses to start and names the file', async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'identity-keys.json'), '{"signing":[{"kty":"EC","kid":"other"}],"cookies":["another-cookie-key-000"]}');
    await expect(startServer({ env: { ...env(), DATA_DIR: dir } })).rejects.toThrow(ConfigError);
    await expect(startServer({ env: { ...env(), DATA_DIR: dir } })).rejects.toThrow(/identity-keys\.json holds identity keys other than the ones the database shares/);
  });

  it('in production no development accounts are made or printed unless DEV_USERS asks', async () => {
    const prod = await startServer({ env: { ...env(), NODE_ENV: 'production' } });
    try {
      expect(prod.devAccounts).toEqual([]);
    } finally {
      await prod.close();
    }
    const asked = await startServer({ env: { ...env(), NODE_ENV: 'production', DEV_USERS: 'ops@example.test:opspass:admin' } });
    try {
      expect(asked.devAccounts.map((x) => x.email)).toEqual(['ops@example.test']);
    } finally {
      await asked.close();
    }
  });
});
