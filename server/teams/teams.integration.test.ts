import { and, desc, eq } from 'drizzle-orm';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { customersContract } from '../../shared/api/customers';
import { notificationsContract } from '../../shared/api/notifications';
import { accountHeader, accountRoleHeader, invitationDays, teamsContract as t } from '../../shared/api/teams';
import { auditEvents, mailOutbox, notifications } from '../db/schema';
import type { TerminalEnd } from '../terminal/ends';
import { api } from '../../test/support/api-client';
import { manualClock, until } from '../../test/support/clock';
import { defaultDevUsers } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { useTestServer } from '../../test/support/suite-server';
import { call, errorOf, send } from '../../test/support/typed-client';

const dayMs = 86_400_000;
/** People beyond the default three: each signs in with the embedded provider (their e-mails are verified). */
const extra = { member: 'member@example.test', billing: 'billing@example.test', third: 'third@example.test' } as const;
type Extra = keyof typeof extra;

describe('teams: create, invite, roles, removal, transfer and deletion', () => {
  const clock = manualClock();
  const devUsers = `${defaultDevUsers},${Object.values(extra)
    .map((e) => `${e}:${e.split('@')[0] ?? ''}pass`)
    .join(',')}`;
  const { server, tokens } = useTestServer({ DEV_USERS: devUsers, LOCAL_MAX_MACHINES_PER_USER: '5' }, { clock, signIn: 'all' });
  const people = {} as Record<Extra, { token: string; id: string }>;
  const ends: TerminalEnd[] = [];
  let owner: { token: string; id: string };
  let teamId: string;

  beforeAll(async () => {
    for (const name of Object.keys(extra) as Extra[]) {
      const token = (await signIn(server, extra[name], `${name}pass`)).accessToken;
      people[name] = { token, id: (await call(server, authContract.me, {}, { token })).id };
    }
    owner = { token: tokens.user, id: (await call(server, authContract.me, {}, { token: tokens.user })).id };
    server.services.terminalEnds.listen((e) => ends.push(e));
  });

  const as = (token: string) => ({ token });
  const inTeam = (token: string, id = teamId) => ({ token, headers: { [accountHeader]: id } });

  /** The newest e-mail to `to`, and the invitation token its link carries. */
  async function invitationMailTo(to: string) {
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const token = new RegExp(`${server.config.publicUrl}/invitations/([A-Za-z0-9_-]{43})`).exec(mail.body)?.[1];
    if (!token) throw new Error(`no invitation link in: ${mail.body}`);
    return { mail, token };
  }

  async function inviteAndMail(email: string, role: 'admin' | 'member' | 'billing') {
    const invitation = await call(server, t.invite, { params: { teamId }, body: { email, role } }, as(owner.token));
    return { invitation, ...(await invitationMailTo(email)) };
  }

  const auditActionsOf = async (subject: string) =>
    (await server.deps.db.select({ action: auditEvents.action, actor: auditEvents.actorUserId }).from(auditEvents).where(eq(auditEvents.subjectUserId, subject))).map((e) => e.action);

  it('creates a team: its owner sees it in the list, on its page and in GET /api/auth/me', async () => {
    const bad = await send(server, t.create, { body: { name: 'a@b' } }, as(owner.token));
    expect(bad.status).toBe(400);
    const created = await call(server, t.create, { body: { name: 'Acme Research' } }, as(owner.token));
    teamId = created.id;
    expect(created).toMatchObject({ name: 'Acme Research', role: 'owner', members: 1 });
    expect((await call(server, t.list, {}, as(owner.token))).teams).toEqual([created]);
    const detail = await call(server, t.get, { params: { teamId } }, as(owner.token));
    expect(detail).toMatchObject({ name: 'Acme Research', balance_cents: 0, running_deployments: 0, invitations: [] });
    expect(detail.member_list).toEqual([expect.objectContaining({ user_id: owner.id, email: 'user@example.test', role: 'owner', source: 'creator' })]);
    expect((await call(server, authContract.me, {}, as(owner.token))).accounts).toEqual([
      expect.objectContaining({ kind: 'personal' }),
      { id: teamId, kind: 'team', name: 'Acme Research', role: 'owner' },
    ]);
    // A stranger learns nothing of it.
    const stranger = await send(server, t.get, { params: { teamId } }, as(tokens.other));
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger).error).toBe('Team not found');
    expect((await call(server, t.list, {}, as(tokens.other))).teams).toEqual([]);
    expect(await auditActionsOf(teamId)).toEqual(['team.created']);
  });

  it('renames the team (owner or admin)', async () => {
    expect(await call(server, t.rename, { params: { teamId }, body: { name: 'Acme Labs' } }, as(owner.token))).toMatchObject({ name: 'Acme Labs', role: 'owner' });
    expect((await call(server, t.get, { params: { teamId } }, as(owner.token))).name).toBe('Acme Labs');
  });

  it('invites by e-mail: the mail carries the link; the invited address joins with the role, another address is refused', async () => {
    const { invitation, mail, token } = await inviteAndMail(extra.member, 'member');
    expect(invitation).toMatchObject({ email: extra.member, role: 'member', status: 'pending', invited_by: 'user@example.test' });
    expect(new Date(invitation.expires_at).getTime() - new Date(invitation.created_at).getTime()).toBe(invitationDays * dayMs);
    expect(mail.subject).toBe(`You are invited to join Acme Labs on ${server.config.product.name}`);
    expect(mail.transport).toBe('database');
    // the admin's Sent Mail page shows it
    const sent = await call(server, notificationsContract.adminMail, { query: {} }, as(tokens.admin));
    expect(JSON.stringify(sent)).toContain('You are invited to join Acme Labs');

    const again = await send(server, t.invite, { params: { teamId }, body: { email: 'MEMBER@example.test', role: 'admin' } }, as(owner.token));
    expect(again.status).toBe(409);
    expect(errorOf(again).error).toMatch(/already has a pending invitation/);

    const seenByOther = await call(server, t.previewInvitation, { params: { token } }, as(tokens.other));
    expect(seenByOther).toMatchObject({ team_id: teamId, team_name: 'Acme Labs', role: 'member', email: extra.member, invited_by: 'user@example.test', status: 'pending', email_matches: false });
    const wrong = await send(server, t.acceptInvitation, { params: { token } }, as(tokens.other));
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong).error).toBe(`This invitation is for ${extra.member}: sign in with that address`);

    expect((await call(server, t.previewInvitation, { params: { token } }, as(people.member.token))).email_matches).toBe(true);
    expect(await call(server, t.acceptInvitation, { params: { token } }, as(people.member.token))).toMatchObject({ id: teamId, role: 'member', members: 2 });
    expect((await send(server, t.acceptInvitation, { params: { token } }, as(people.member.token))).status).toBe(410);
    expect((await call(server, t.previewInvitation, { params: { token } }, as(people.member.token))).status).toBe('accepted');
    const member = await send(server, t.invite, { params: { teamId }, body: { email: extra.member, role: 'member' } }, as(owner.token));
    expect(member.status).toBe(409);
    expect(errorOf(member).error).toBe(`${extra.member} is already a member of Acme Labs`);

    // Members do not invite, and do not see invitations.
    expect((await send(server, t.invite, { params: { teamId }, body: { email: 'x@example.test', role: 'member' } }, as(people.member.token))).status).toBe(403);
    const seen = await call(server, t.get, { params: { teamId } }, as(people.member.token));
    expect(seen.role).toBe('member');
    expect(seen.invitations).toEqual([]);
    expect(seen.member_list.map((m) => m.email)).toEqual(['user@example.test', extra.member]);
    expect((await call(server, t.get, { params: { teamId } }, as(owner.token))).invitations.map((i) => i.status)).toEqual(['accepted']);
    expect((await call(server, authContract.me, {}, as(people.member.token))).accounts.map((a) => a.role)).toEqual(['owner', 'member']);
    expect(await auditActionsOf(teamId)).toEqual(expect.arrayContaining(['team.member.invited', 'team.member.joined']));
  });

  it('an invitation lapses 7 days (plus 1 ms) after it was made: 410; a new one can then be sent', async () => {
    const { token } = await inviteAndMail(extra.billing, 'billing');
    clock.advance(invitationDays * dayMs + 1);
    expect((await call(server, t.previewInvitation, { params: { token } }, as(people.billing.token))).status).toBe('expired');
    const expired = await send(server, t.acceptInvitation, { params: { token } }, as(people.billing.token));
    expect(expired.status).toBe(410);
    expect(errorOf(expired).error).toMatch(/^This invitation expired on /);
    const fresh = await inviteAndMail(extra.billing, 'billing');
    expect(await call(server, t.acceptInvitation, { params: { token: fresh.token } }, as(people.billing.token))).toMatchObject({ role: 'billing' });
  });

  it('a revoked invitation is refused with 410; only owners and admins revoke', async () => {
    const { invitation, token } = await inviteAndMail(extra.third, 'admin');
    expect((await send(server, t.revokeInvitation, { params: { teamId, invitationId: invitation.id } }, as(people.member.token))).status).toBe(403);
    expect((await send(server, t.revokeInvitation, { params: { teamId, invitationId: invitation.id } }, as(owner.token))).status).toBe(204);
    expect((await send(server, t.revokeInvitation, { params: { teamId, invitationId: invitation.id } }, as(owner.token))).status).toBe(404);
    expect((await call(server, t.previewInvitation, { params: { token } }, as(people.third.token))).status).toBe('revoked');
    // The invited address is told the link no longer works.
    const withdrawn = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, extra.third)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(withdrawn[0]).toMatchObject({
      subject: `Your invitation to join Acme Labs on ${server.config.product.name} was withdrawn`,
      body: expect.stringContaining('user@example.test withdrew the invitation to join the team Acme Labs'),
    });
    const revoked = await send(server, t.acceptInvitation, { params: { token } }, as(people.third.token));
    expect(revoked.status).toBe(410);
    expect(errorOf(revoked).error).toMatch(/revoked/);
    const fresh = await inviteAndMail(extra.third, 'admin');
    expect(await call(server, t.acceptInvitation, { params: { token: fresh.token } }, as(people.third.token))).toMatchObject({ role: 'admin', members: 4 });
    expect(await auditActionsOf(teamId)).toContain('team.invitation.revoked');
  });

  it('an unverified e-mail (a personal API key carries no verification) cannot accept', async () => {
    const { token } = await inviteAndMail('other@example.test', 'member');
    const key = (await call(server, authContract.createApiKey, { body: { name: 'other personal' } }, as(tokens.other))).key;
    expect((await call(server, t.previewInvitation, { params: { token } }, as(key))).email_matches).toBe(false);
    const refused = await send(server, t.acceptInvitation, { params: { token } }, as(key));
    expect(refused.status).toBe(403);
    expect(errorOf(refused).error).toMatch(/is not verified/);
  });

  it("owners and admins change roles, never the owner's; members cannot", async () => {
    const byMember = await send(server, t.changeRole, { params: { teamId, userId: people.billing.id }, body: { role: 'admin' } }, as(people.member.token));
    expect(byMember.status).toBe(403);
    const ownerRole = await send(server, t.changeRole, { params: { teamId, userId: owner.id }, body: { role: 'member' } }, as(people.third.token));
    expect(ownerRole.status).toBe(403);
    expect(errorOf(ownerRole).error).toBe("The owner's role changes only by transferring ownership");
    expect((await send(server, t.changeRole, { params: { teamId, userId: people.member.id }, body: { role: 'owner' as 'admin' } }, as(owner.token))).status).toBe(400);
    // An admin changes another's role, and back; the member's next answer in the team names the new role (an open tab follows it).
    const roleOfMember = async () => (await api(server, '/api/balance', inTeam(people.member.token))).headers.get(accountRoleHeader);
    expect(await roleOfMember()).toBe('member');
    expect(await call(server, t.changeRole, { params: { teamId, userId: people.member.id }, body: { role: 'billing' } }, as(people.third.token))).toMatchObject({ role: 'billing' });
    expect(await roleOfMember()).toBe('billing');
    expect(await call(server, t.changeRole, { params: { teamId, userId: people.member.id }, body: { role: 'member' } }, as(people.third.token))).toMatchObject({ role: 'member' });
    expect(await auditActionsOf(teamId)).toContain('team.member.role_changed');
  });

  it('acting in the team (X-Account): a member deploys but does not pay, billing pays but does not deploy, strangers are refused; deletion waits for no deployment and no balance', async () => {
    await call(server, customersContract.topup, { params: { id: teamId }, body: { amount_cents: 10, reason: 'Team test credit' } }, as(tokens.admin));
    const withBalance = await send(server, t.delete, { params: { teamId } }, as(owner.token));
    expect(withBalance.status).toBe(409);
    expect(errorOf(withBalance).error).toBe('Acme Labs still holds $0.10: choose one of your accounts to move it to, and the team is deleted after the move');

    const body = { configId: 'trial_vm_hetzner', name: 'team-vm', timeoutMins: null };
    const billingDeploy = await api(server, '/api/deployments', { ...inTeam(people.billing.token), body });
    expect(billingDeploy.status).toBe(403);
    expect(errorOf(billingDeploy).error).toBe('Only the owner, admins and members can create deployments');
    const memberKey = await api(server, '/api/auth/api-keys', { ...inTeam(people.member.token), body: { name: 'pays', scopes: ['read', 'billing'] } });
    expect([memberKey.status, errorOf(memberKey).error]).toEqual([403, 'Only the owner, admins and billing members can give a key in this team the Billing permission']);
    const stranger = await api(server, '/api/deployments', { ...inTeam(tokens.other), body });
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger).error).toBe('You are not a member of this team');
    expect((await api(server, '/api/balance/checkout', { ...inTeam(people.member.token), body: { amount_cents: 500 } })).status).toBe(403);
    const teamCheckout = await api(server, '/api/balance/checkout', { ...inTeam(people.billing.token), body: { amount_cents: 500 } });
    expect(teamCheckout.status).toBe(200);
    // The page that takes the money names the account it goes into.
    expect((await openLocalCheckout((teamCheckout.body as { url: string }).url)).html).toContain('Paid into: <strong>Acme Labs (team)</strong>');

    const created = await api(server, '/api/deployments', { ...inTeam(people.member.token), body });
    expect(created.status).toBe(200);
    const deploymentId = (created.body as { id: string }).id;
    // The team's, not the member's: the owner sees it in the team, the member not in their own account.
    expect(((await api(server, '/api/deployments', inTeam(owner.token))).body as { id: string }[]).map((d) => d.id)).toContain(deploymentId);
    expect(((await api(server, '/api/deployments', as(people.member.token))).body as { id: string }[]).map((d) => d.id)).not.toContain(deploymentId);
    const detail = await call(server, t.get, { params: { teamId } }, as(owner.token));
    expect(detail).toMatchObject({ balance_cents: 0, running_deployments: 1 });

    const running = await send(server, t.delete, { params: { teamId } }, as(owner.token));
    expect(running.status).toBe(409);
    expect(errorOf(running).error).toBe('Acme Labs still has 1 deployment: delete it before deleting the team');
    await until('team VM running', async () => ((await api(server, `/api/deployments/${deploymentId}`, inTeam(owner.token))).body as { status: string }).status === 'running', 60_000);
    expect((await api(server, `/api/deployments/${deploymentId}`, { ...inTeam(people.member.token), method: 'DELETE' })).status).toBe(204);
    await until('no team deployment left', async () => (await call(server, t.get, { params: { teamId } }, as(owner.token))).running_deployments === 0);
  }, 90_000);

  it("removing a member revokes their team keys (then 401) and ends their terminals; they can't leave as owner", async () => {
    const created = await api(server, '/api/auth/api-keys', { ...inTeam(people.member.token), body: { name: 'member team key' } });
    expect(created.status).toBe(201);
    const key = created.body as { id: string; key: string };
    expect((await api(server, '/api/deployments', as(key.key))).status).toBe(200);
    ends.length = 0;
    expect((await send(server, t.removeMember, { params: { teamId, userId: owner.id } }, as(people.third.token))).status).toBe(403);
    expect((await send(server, t.removeMember, { params: { teamId, userId: people.member.id } }, as(people.billing.token))).status).toBe(403);
    expect((await send(server, t.removeMember, { params: { teamId, userId: people.member.id } }, as(owner.token))).status).toBe(204);
    const gone = await api(server, '/api/deployments', as(key.key));
    expect(gone.status).toBe(401);
    expect(ends).toEqual(expect.arrayContaining([{ memberLeft: { accountId: teamId, userId: people.member.id } }, { apiKeyId: key.id }]));
    expect((await send(server, t.get, { params: { teamId } }, as(people.member.token))).status).toBe(404);
    expect((await api(server, '/api/deployments', inTeam(people.member.token))).status).toBe(403);
    const [removed] = await server.deps.db
      .select({ details: auditEvents.details, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, teamId), eq(auditEvents.action, 'team.member.removed')));
    expect(removed).toMatchObject({ actor: owner.id, details: { role: 'member', left: false, api_keys_revoked: 1 } });
    expect(await auditActionsOf(teamId)).toContain('auth.api_key.revoked');
    // The removed member is told on their own account (bell and, by default, e-mail); one who leaves is not.
    const bell = await call(server, notificationsContract.list, {}, as(people.member.token));
    expect(bell.notifications.find((x) => x.kind === 'team_membership_ended')).toMatchObject({
      title: 'You were removed from Acme Labs',
      body: expect.stringMatching(/^user@example\.test removed you from the team\. .* The team API key you made was revoked\.$/),
      link: '/teams',
    });
    expect(
      (
        await server.deps.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, extra.member), eq(mailOutbox.subject, 'You were removed from Acme Labs')))
      ).length,
    ).toBe(1);

    // Leaving: anyone but the owner.
    expect((await send(server, t.removeMember, { params: { teamId, userId: people.billing.id } }, as(people.billing.token))).status).toBe(204);
    expect(
      (
        await server.deps.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, people.billing.id), eq(notifications.kind, 'team_membership_ended')))
      ).length,
    ).toBe(0);
    expect((await call(server, t.list, {}, as(people.billing.token))).teams).toEqual([]);
    const ownerLeaves = await send(server, t.removeMember, { params: { teamId, userId: owner.id } }, as(owner.token));
    expect(ownerLeaves.status).toBe(409);
    expect(errorOf(ownerLeaves).error).toBe('Transfer ownership first: the owner cannot leave the team');
  });

  it('transfers ownership to a member: the old owner becomes an admin', async () => {
    expect((await send(server, t.transfer, { params: { teamId }, body: { user_id: people.member.id } }, as(owner.token))).status).toBe(404);
    expect((await send(server, t.transfer, { params: { teamId }, body: { user_id: owner.id } }, as(people.third.token))).status).toBe(403);
    const after = await call(server, t.transfer, { params: { teamId }, body: { user_id: people.third.id } }, as(owner.token));
    expect(after.role).toBe('admin');
    expect(after.member_list.map((m) => [m.email, m.role])).toEqual([
      [extra.third, 'owner'],
      ['user@example.test', 'admin'],
    ]);
    expect((await send(server, t.delete, { params: { teamId } }, as(owner.token))).status).toBe(403);
    expect(await auditActionsOf(teamId)).toContain('team.ownership.transferred');
  });

  it('the owner deletes the team once it has no deployment and no balance: members, keys and invitations go with it', async () => {
    const { token } = await inviteAndMail('late@example.test', 'member');
    const key = await api(server, '/api/auth/api-keys', { ...inTeam(owner.token), body: { name: 'admin team key' } });
    expect(key.status).toBe(201);
    ends.length = 0;
    expect((await send(server, t.delete, { params: { teamId } }, as(people.third.token))).status).toBe(204);
    expect((await send(server, t.get, { params: { teamId } }, as(people.third.token))).status).toBe(404);
    expect((await call(server, t.list, {}, as(owner.token))).teams).toEqual([]);
    expect((await call(server, authContract.me, {}, as(owner.token))).accounts.map((a) => a.kind)).toEqual(['personal']);
    expect((await api(server, '/api/deployments', as((key.body as { key: string }).key))).status).toBe(401);
    expect((await send(server, t.previewInvitation, { params: { token } }, as(tokens.other))).status).toBe(404);
    expect(ends).toEqual(expect.arrayContaining([{ memberLeft: { accountId: teamId, userId: owner.id } }, { apiKeyId: (key.body as { id: string }).id }]));
    expect(await auditActionsOf(teamId)).toContain('team.deleted');
    // The other members are told; the owner who deleted it is not.
    const told = await server.deps.db.select({ userId: notifications.userId, body: notifications.body }).from(notifications).where(eq(notifications.kind, 'team_membership_ended'));
    expect(told.filter((n) => n.body.startsWith('third@example.test deleted the team.')).map((n) => n.userId)).toEqual([owner.id]);
    // The address still invited is mailed that its link no longer works.
    const [withdrawn] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'late@example.test')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(withdrawn?.subject).toBe(`Your invitation to join Acme Labs on ${server.config.product.name} was withdrawn`);
    expect(withdrawn?.body).toContain(`${extra.third} deleted the team Acme Labs: the link in the earlier e-mail no longer works.`);
  });
});
