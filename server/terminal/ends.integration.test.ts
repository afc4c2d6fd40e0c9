import fs from 'node:fs';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { revokeRefreshToken } from '../../shared/auth/revoke-refresh-token';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock';
import { revokeApiKey } from '../auth/api-keys/queries';
import { apiKeys } from '../db/schema';
import { autoTerminate } from '../deployments/jobs';
import { byId, claimForDeletion } from '../deployments/queries';
import { until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { deleteLocalMachines, startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { closeCodes, closeReasons } from './protocol';
import { signedOutReason } from '../auth/authenticate';
import { openTerminal, terminalUrl, type TerminalClient } from '../../test/support/terminal-client';
import { alive, hostPidOf, uniqueSeconds } from '../../test/support/host-processes';
import { createRunningDeployment } from '../../test/support/running-deployment';

/**
 * Terminals end with their deployment and with the credential that opened them. This server only
 * hears of ends through the in-process notification: its periodic check is an hour apart, and the
 * tests of that path call `terminals.check()` (the PostgreSQL test runs it on its real period).
 */

const graceMs = 20_000;

const parentOf = (pid: number) => Number(/^\d+ \(.*\) \S+ (\d+)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1]);

/** Starts `sleep <unique>` in the terminal's shell: answers the host pids of the shell and of the job. */
async function startJob(term: TerminalClient): Promise<{ shell: number; job: number }> {
  const seconds = uniqueSeconds();
  const from = term.output().length;
  term.send(`sleep ${seconds} & echo JOB-$((1+1))\r`);
  await term.waitFor('JOB-2', { from });
  const job = await until('job on the host', async () => hostPidOf(seconds));
  const shell = parentOf(job);
  expect(alive(shell) && alive(job)).toBe(true);
  return { shell, job };
}

/**
 * The socket closes with the code and reason, and the shell and its job are gone. What makes it
 * quick is the path, not a stopwatch: here the only ways an end arrives are the in-process
 * notification and a `check()` the test calls (the periodic one is an hour apart), so no real
 * time is measured and a busy machine cannot fail it.
 */
async function expectEnded(term: TerminalClient, pids: { shell: number; job: number }, expected: { code: number; reason: string }) {
  expect(await term.closed).toEqual(expected);
  await until('shell and job gone', async () => !alive(pids.shell) && !alive(pids.job), 20_000, 20);
}

/** A clock that tests set forward and back. */
function settableClock(): Clock & { offsetMs: number } {
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}

describe('terminals end with their deployment and credential', () => {
  let server: TestServer;
  let token: string;
  let admin: string;
  const clock = settableClock();
  const open = (bearer: string, id: string, params: Record<string, string> = {}) => openTerminal(terminalUrl(server.url, id, bearer, params));

  const createRunning = (name: string, timeoutMins: number | null = null) => createRunningDeployment(server, token, name, { timeoutMins, waitMs: 60_000 });

  async function createKey(name: string, expiresInDays: number | null = null): Promise<{ id: string; key: string }> {
    const res = await api(server, '/api/auth/api-keys', { method: 'POST', token, body: { name, expires_in_days: expiresInDays } });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string };
  }

  beforeAll(async () => {
    server = await startTestServer({ LOCAL_MAX_MACHINES_PER_USER: '10' }, { clock, terminal: { graceMs, checkMs: 3600_000 } });
    const [user, administrator] = await Promise.all([signIn(server, 'user@example.test', 'userpass'), signIn(server, 'admin@example.test', 'adminpass')]);
    token = user.accessToken;
    admin = administrator.accessToken;
  }, 60_000);
  afterAll(async () => {
    if (server) {
      await server.services.tasks.drain();
      await deleteLocalMachines(server);
      await server.cleanup();
    }
  });

  it("the owner's delete closes the terminal with 4410 and ends the shell and its jobs", async () => {
    const id = await createRunning('ends-owner');
    const term = await open(token, id);
    const pids = await startJob(term);
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token })).status).toBe(204);
    await expectEnded(term, pids, { code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
    expect(server.terminals.stats().sessions).toBe(0);

    // Reconnecting finds no deployment.
    expect(await (await open(token, id)).closed).toEqual({ code: closeCodes.notFound, reason: 'Deployment not found' });
  }, 90_000);

  it("an administrator's delete ends the owner's terminals, the install-following one too", async () => {
    const id = await createRunning('ends-admin');
    const shell = await open(token, id);
    const install = await open(token, id, { follow: 'install' });
    const pids = await startJob(shell);
    await install.waitFor(/finished at/);
    expect((await api(server, `/api/admin/deployments/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    await expectEnded(shell, pids, { code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
    expect(await install.closed).toEqual({ code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
  }, 90_000);

  it('auto-termination at the timeout ends the terminal', async () => {
    const id = await createRunning('ends-timeout', 60);
    const term = await open(token, id);
    const pids = await startJob(term);
    clock.offsetMs = 61 * 60_000;
    try {
      expect(await autoTerminate(server.services.deployments)).toBe(1);
      await expectEnded(term, pids, { code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
    } finally {
      clock.offsetMs = 0;
    }
  }, 90_000);

  it('signing out ends the terminals this sign-in opened (4403 Signed out), not another sign-in’s; the revoked refresh token renews nothing', async () => {
    const [a, b] = [await signIn(server, 'user@example.test', 'userpass'), await signIn(server, 'user@example.test', 'userpass')];
    const [sidA, sidB] = [decodeJwt(a.accessToken).sid, decodeJwt(b.accessToken).sid];
    expect(typeof sidA).toBe('string');
    expect(sidA).not.toBe(sidB);
    const [idA, idB] = [await createRunning('signout-a'), await createRunning('signout-b')];
    // A's terminal is attached last with a refreshed token of the same session: the sid stays.
    const refreshed = await oidc.refreshTokenGrant(a.config, a.refreshToken);
    expect(decodeJwt(refreshed.access_token).sid).toBe(sidA);
    const termA = await open(refreshed.access_token, idA);
    const pids = await startJob(termA);
    const termB = await open(b.accessToken, idB);
    await termB.waitFor(/\$ $/);
    expect((await api(server, '/api/auth/sign-out', { method: 'POST', token: a.accessToken })).status).toBe(204);
    await expectEnded(termA, pids, { code: closeCodes.credentialRevoked, reason: closeReasons.signedOut });
    // Every token of the signed-out session is refused at once, the one already verified here too; B's sign-in goes on.
    for (const t of [a.accessToken, refreshed.access_token]) {
      expect(await api(server, '/api/auth/me', { token: t })).toMatchObject({ status: 401, body: { error: signedOutReason } });
      expect(await (await open(t, idA)).closed).toMatchObject({ code: closeCodes.unauthorized });
    }
    expect((await api(server, '/api/auth/me', { token: b.accessToken })).status).toBe(200);
    const before = termB.output().length;
    termB.send('echo STILL-$((2+2))\r');
    await termB.waitFor('STILL-4', { from: before });

    // What the web app does next (RFC 7009), without the provider's session cookie.
    expect(await revokeRefreshToken(a.config, refreshed.refresh_token ?? a.refreshToken)).toBe(true);
    await expect(oidc.refreshTokenGrant(a.config, refreshed.refresh_token ?? a.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await oidc.refreshTokenGrant(b.config, b.refreshToken)).access_token).toBeTruthy();
    await termB.close();
  }, 120_000);

  describe('on one deployment', () => {
    let id: string;
    beforeAll(async () => {
      id = await createRunning('ends-keys');
    }, 90_000);

    it('revoking the API key closes its terminal with 4403 and ends the shell; a terminal opened by sign-in stays', async () => {
      const key = await createKey('terminal key');
      const term = await open(key.key, id);
      const pids = await startJob(term);
      // The same user's sign-in, on the other terminal of the deployment.
      const signedIn = await open(token, id, { follow: 'install' });
      await signedIn.waitFor(/finished at/);
      expect((await api(server, `/api/auth/api-keys/${key.id}`, { method: 'DELETE', token })).status).toBe(204);
      await expectEnded(term, pids, { code: closeCodes.credentialRevoked, reason: closeReasons.apiKeyRevoked });
      signedIn.send('echo still-$((20+22))\r');
      await signedIn.waitFor('still-42');
      expect(await (await open(key.key, id)).closed).toMatchObject({ code: closeCodes.unauthorized });
      await signedIn.close();
    }, 60_000);

    it('revoking the key ends the shell it opened also while it waits for a reconnect', async () => {
      const key = await createKey('detached key');
      const term = await open(key.key, id);
      const pids = await startJob(term);
      await term.close();
      await until('detached', async () => server.terminals.stats().detached >= 1);
      expect((await api(server, `/api/auth/api-keys/${key.id}`, { method: 'DELETE', token })).status).toBe(204);
      await until('shell and job gone', async () => !alive(pids.shell) && !alive(pids.job), 20_000, 20);
    }, 60_000);

    it('the periodic check finds a key revoked elsewhere (no notification) and ends its terminal', async () => {
      const key = await createKey('revoked elsewhere');
      const term = await open(key.key, id);
      const pids = await startJob(term);
      const [owner] = await server.deps.db.select({ userId: apiKeys.userId }).from(apiKeys).where(eq(apiKeys.id, key.id));
      expect(await revokeApiKey(server.deps.db, owner?.userId ?? '', key.id, new Date())).toBe(true);
      // Nothing told this instance: the terminal is still open.
      term.send('echo open-$((1+1))\r');
      await term.waitFor('open-2');
      await server.terminals.check();
      await expectEnded(term, pids, { code: closeCodes.credentialRevoked, reason: closeReasons.apiKeyRevoked });
    }, 60_000);

    it('an API key that expires while its terminal is open ends the terminal at the next check', async () => {
      const key = await createKey('expiring key', 7);
      const term = await open(key.key, id);
      const pids = await startJob(term);
      await server.terminals.check();
      expect(term.ws.readyState).toBe(term.ws.OPEN);
      clock.offsetMs = 7 * 24 * 3600_000 + 60_000;
      try {
        await server.terminals.check();
        await expectEnded(term, pids, { code: closeCodes.credentialRevoked, reason: closeReasons.apiKeyExpired });
        // and it opens no new one
        expect(await (await open(key.key, id)).closed).toMatchObject({ code: closeCodes.unauthorized });
      } finally {
        clock.offsetMs = 0;
      }
    }, 60_000);

    it('an expired access token closes the socket with 4419; the shell waits for a reconnect with a valid token', async () => {
      const term = await open(token, id);
      const pids = await startJob(term);
      await server.terminals.check();
      expect(term.ws.readyState).toBe(term.ws.OPEN);
      clock.offsetMs = 11 * 60_000;
      try {
        await server.terminals.check();
        expect(await term.closed).toEqual({ code: closeCodes.signInExpired, reason: closeReasons.signInExpired });
      } finally {
        clock.offsetMs = 0;
      }
      expect(alive(pids.shell) && alive(pids.job)).toBe(true);
      const again = await open(token, id);
      again.send('echo back-$((2+2))\r');
      await again.waitFor('back-4');
      expect(alive(pids.shell) && alive(pids.job)).toBe(true);
      await again.close();
    }, 60_000);

    it('the periodic check finds a deployment deleted elsewhere (no notification) and ends its terminal', async () => {
      const term = await open(token, id);
      const pids = await startJob(term);
      const [claimed] = await claimForDeletion(server.deps.db, byId(id), new Date(), 60_000);
      expect(claimed?.id).toBe(id);
      await server.terminals.check();
      await expectEnded(term, pids, { code: closeCodes.deploymentDeleted, reason: closeReasons.deploymentDeleted });
    }, 60_000);
  });
});
