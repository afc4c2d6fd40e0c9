import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customersContract } from '../../shared/api/customers';
import { accountHeader, accountQueryParam, teamsContract as t } from '../../shared/api/teams';
import { authContract } from '../../shared/api/auth';
import { mailOutbox, teamMembers } from '../db/schema';
import { api } from '../../test/support/api-client';
import { until } from '../../test/support/clock';
import { useTestServer } from '../../test/support/suite-server';
import { openTerminal, terminalUrl, type TerminalClient } from '../../test/support/terminal-client';
import { call } from '../../test/support/typed-client';
import { closeCodes, closeReasons } from '../terminal/protocol';

/** A member's terminals on the team's deployments end when they leave the team: at once here, at the next check elsewhere. */
describe("a member's terminal on a team deployment", () => {
  const { server, tokens } = useTestServer({}, { signIn: 'all', terminal: { graceMs: 20_000, checkMs: 3600_000 }, timeout: 60_000 });
  let teamId: string;
  let deploymentId: string;
  let memberId: string;

  const open = (token: string) => openTerminal(terminalUrl(server.url, deploymentId, token, { [accountQueryParam]: teamId }));

  async function join() {
    await call(server, t.invite, { params: { teamId }, body: { email: 'other@example.test', role: 'member' } }, { token: tokens.user });
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'other@example.test')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    await call(server, t.acceptInvitation, { params: { token } }, { token: tokens.other });
  }

  async function shellReady(term: TerminalClient) {
    const from = term.output().length;
    term.send('echo READY-$((20+22))\r');
    await term.waitFor('READY-42', { from });
  }

  beforeAll(async () => {
    teamId = (await call(server, t.create, { body: { name: 'Terminal Team' } }, { token: tokens.user })).id;
    memberId = (await call(server, authContract.me, {}, { token: tokens.other })).id;
    await call(server, customersContract.topup, { params: { id: teamId }, body: { amount_cents: 100, reason: 'Team terminal test' } }, { token: tokens.admin });
    const created = await api(server, '/api/deployments', {
      token: tokens.user,
      headers: { [accountHeader]: teamId },
      body: { configId: 'trial_vm_hetzner', name: 'team-terminal', timeoutMins: null },
    });
    expect(created.status).toBe(200);
    deploymentId = (created.body as { id: string }).id;
    await until(
      'team VM running',
      async () => ((await api(server, `/api/deployments/${deploymentId}`, { token: tokens.user, headers: { [accountHeader]: teamId } })).body as { status: string }).status === 'running',
      60_000,
    );
  }, 90_000);

  it('ends at once when the member is removed; the owner’s terminal stays', async () => {
    await join();
    const mine = await open(tokens.other);
    await shellReady(mine);
    const owners = await open(tokens.user);
    await shellReady(owners);
    expect((await api(server, `/api/teams/${teamId}/members/${memberId}`, { method: 'DELETE', token: tokens.user })).status).toBe(204);
    expect(await mine.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.memberLeft });
    await shellReady(owners);
    await owners.close();
    // And they cannot open another.
    expect(await (await open(tokens.other)).closed).toEqual({ code: closeCodes.credentialRevoked, reason: 'Forbidden: You are not a member of this team' });
  }, 60_000);

  it('ends at the periodic check when another instance removed the member (no notification here)', async () => {
    await join();
    const mine = await open(tokens.other);
    await shellReady(mine);
    await server.deps.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
    await shellReady(mine);
    await server.terminals.check();
    expect(await mine.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.memberLeft });
  }, 60_000);

  it('ends at once when the member becomes billing (a role without deploy), not when they become admin; elsewhere at the periodic check', async () => {
    const role = (r: string) => api(server, `/api/teams/${teamId}/members/${memberId}`, { method: 'PUT', token: tokens.user, body: { role: r } });
    await join();
    const mine = await open(tokens.other);
    await shellReady(mine);
    expect((await role('admin')).status).toBe(200);
    await shellReady(mine);
    expect((await role('billing')).status).toBe(200);
    expect(await mine.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.roleLostDeploy });
    expect(await (await open(tokens.other)).closed).toMatchObject({ code: closeCodes.credentialRevoked });

    // Another instance changed the role: no notification here, the check finds it.
    expect((await role('member')).status).toBe(200);
    const again = await open(tokens.other);
    await shellReady(again);
    await server.deps.db
      .update(teamMembers)
      .set({ role: 'billing' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
    await shellReady(again);
    await server.terminals.check();
    expect(await again.closed).toEqual({ code: closeCodes.credentialRevoked, reason: closeReasons.roleLostDeploy });
  }, 60_000);
});
