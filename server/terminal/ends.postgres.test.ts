import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, type TestPostgresDatabase } from '../../test/support/postgres';
import { defaultDevUsers, deleteLocalMachines } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { closeCodes, closeReasons } from './protocol';
import { signedOutReason } from '../auth/authenticate';
import { defaultTerminalOptions } from './options';
import { openTerminal, terminalUrl, type TerminalClient } from '../../test/support/terminal-client';
import { alive, uniqueSeconds } from '../../test/support/host-processes';

/** A job found on the host by its unique command line (a local machine may have a pid namespace of its own). */
async function startJob(term: TerminalClient): Promise<number> {
  const seconds = uniqueSeconds();
  const from = term.output().length;
  term.send(`sleep ${seconds} & echo JOB-$((1+1))\r`);
  await term.waitFor('JOB-2', { from });
  return until('job on the host', async () =>
    fs
      .readdirSync('/proc')
      .map(Number)
      .find((pid) => {
        try {
          return pid > 0 && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') === `sleep\u0000${seconds}\u0000`;
        } catch {
          return false;
        }
      }),
  );
}

/**
 * Two instances on one PostgreSQL: a terminal held by instance A ends within 2 s when instance B
 * deletes its deployment or revokes the API key that opened it: A's periodic check runs every
 * second (the default below) and one check after B's change ends the terminal. The test runs that
 * check itself (A's own timer is an hour apart) instead of timing a real second, which a busy
 * machine stretches.
 */
describe.runIf(await postgresAvailable())('terminal ends across instances', () => {
  let database: TestPostgresDatabase;
  let dataDir: string;
  const instances: RunningServer[] = [];
  let token: string;
  const a = () => ({ url: instances[0]?.localUrl ?? '' });
  const b = () => ({ url: instances[1]?.localUrl ?? '' });

  async function createRunning(name: string): Promise<string> {
    const res = await api(b(), '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name, timeoutMins: null } });
    expect(res.status).toBe(200);
    const id = (res.body as { id: string }).id;
    await until(`${name} running`, async () => ((await api(a(), `/api/deployments/${id}`, { token })).body as { status: string }).status === 'running', 60_000);
    return id;
  }

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One data folder: identity keys are shared like a mounted secret, and the local provider's machines live there.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-terminal-ends-'));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', DEV_USERS: defaultDevUsers, RELEASES_URL: 'off' };
    // Both answer for the first one's public URL, so a token from either is valid on both.
    instances.push(await startServer({ env, jobs: false, terminal: { checkMs: 3600_000 } }));
    instances.push(await startServer({ env: { ...env, PUBLIC_URL: instances[0]?.url ?? '' }, jobs: false }));
    token = (await signIn({ url: instances[0]?.url ?? '' }, 'user@example.test', 'userpass')).accessToken;
  }, 60_000);

  afterAll(async () => {
    for (const i of instances) await i.services.tasks.drain();
    if (instances[0]) await deleteLocalMachines(instances[0]);
    for (const i of instances) await i.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks the live terminals every second by default', () => {
    expect(defaultTerminalOptions.checkMs).toBeLessThanOrEqual(1000);
  });

  it("a delete through instance B closes instance A's terminal at A's next check and ends its shell", async () => {
    const id = await createRunning('ends-across');
    const term = await openTerminal(terminalUrl(a().url, id, token));
    const job = await startJob(term);
    expect((await api(b(), `/api/deployments/${id}`, { method: 'DELETE', token })).status).toBe(204);
    await instances[0]?.terminals.check();
    expect(await term.closed).toEqual({ code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
    await until('job gone', async () => !alive(job), 20_000, 20);
  }, 90_000);

  it("revoking the key through instance B closes instance A's terminal at A's next check and ends its shell", async () => {
    const id = await createRunning('keys-across');
    const created = await api(b(), '/api/auth/api-keys', { method: 'POST', token, body: { name: 'across' } });
    const key = created.body as { id: string; key: string };
    const term = await openTerminal(terminalUrl(a().url, id, key.key));
    const job = await startJob(term);
    expect((await api(b(), `/api/auth/api-keys/${key.id}`, { method: 'DELETE', token })).status).toBe(204);
    await instances[0]?.terminals.check();
    expect(await term.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.apiKeyRevoked });
    await until('job gone', async () => !alive(job), 20_000, 20);
  }, 90_000);

  it("signing out through instance B refuses the session's tokens on A at once (401, 4401) and ends A's terminal at its next check", async () => {
    const id = await createRunning('signout-across');
    const session = await signIn({ url: instances[0]?.url ?? '' }, 'user@example.test', 'userpass');
    const other = await signIn({ url: instances[0]?.url ?? '' }, 'user@example.test', 'userpass');
    // A has verified (and cached) the token before the sign-out; the list and the balance fold the check into their read.
    for (const path of ['/api/auth/me', '/api/deployments', '/api/balance']) expect((await api(a(), path, { token: session.accessToken })).status, path).toBe(200);
    const term = await openTerminal(terminalUrl(a().url, id, session.accessToken));
    const job = await startJob(term);
    expect((await api(b(), '/api/auth/sign-out', { method: 'POST', token: session.accessToken })).status).toBe(204);
    for (const server of [a(), b()])
      for (const path of ['/api/auth/me', '/api/deployments', '/api/balance'])
        expect(await api(server, path, { token: session.accessToken }), path).toMatchObject({ status: 401, body: { error: signedOutReason } });
    expect(await (await openTerminal(terminalUrl(a().url, id, session.accessToken))).closed).toMatchObject({ code: closeCodes.unauthorized });
    for (const path of ['/api/auth/me', '/api/deployments', '/api/balance']) expect((await api(a(), path, { token: other.accessToken })).status, path).toBe(200);
    await instances[0]?.terminals.check();
    expect(await term.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.signedOut });
    await until('job gone', async () => !alive(job), 20_000, 20);
  }, 90_000);
});
