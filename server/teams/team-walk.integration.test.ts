/**
 * Issue 43's team walk without any mail server: an owner invites an admin, a member and a billing
 * member; each joins from the app (their bell's list, or the link the owner copied, or a resent
 * one); an administrator tops the team up; the member starts a trial VM that becomes ready; a new
 * team that was never funded is checked for a low balance. Every e-mail is counted, and each has a
 * reason to reach its recipient: nobody is mailed their own action, members get no payments.
 */
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { customersContract } from '../../shared/api/customers';
import { accountHeader, teamsContract as t } from '../../shared/api/teams';
import { mailOutbox } from '../db/schema';
import { checkNotifications } from '../notifications/triggers';
import { api } from '../../test/support/api-client';
import { until } from '../../test/support/clock';
import { defaultDevUsers } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { useTestServer } from '../../test/support/suite-server';
import { call, errorOf, send } from '../../test/support/typed-client';

const extra = { boss: 'boss@example.test', ops: 'ops@example.test', dev: 'dev@example.test', payer: 'payer@example.test' } as const;
type Extra = keyof typeof extra;

describe('a team walk: invitations in the app, and who is mailed what', () => {
  const devUsers = `${defaultDevUsers},${Object.entries(extra)
    .map(([n, e]) => `${e}:${n}pass`)
    .join(',')}`;
  const { server, tokens } = useTestServer({ DEV_USERS: devUsers }, { signIn: ['admin'] });
  const people = {} as Record<Extra, { token: string; id: string }>;

  beforeAll(async () => {
    for (const name of Object.keys(extra) as Extra[]) {
      const token = (await signIn(server, extra[name], `${name}pass`)).accessToken;
      people[name] = { token, id: (await call(server, authContract.me, {}, { token })).id };
    }
  });

  const as = (p: { token: string }) => ({ token: p.token });
  const mails = () => server.deps.db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox).orderBy(asc(mailOutbox.id));

  it('invitees join from the app, a resent link replaces the old one, a revoked one is told as revoked; the mails are the ones each recipient needs', async () => {
    const before = (await mails()).length;
    const team = await call(server, t.create, { body: { name: 'Walk Co' } }, as(people.boss));
    const teamId = team.id;

    // The owner invites three; each invitation answers its link (no mail server needed to pass it on).
    const toOps = await call(server, t.invite, { params: { teamId }, body: { email: extra.ops, role: 'admin' } }, as(people.boss));
    const toDev = await call(server, t.invite, { params: { teamId }, body: { email: extra.dev, role: 'member' } }, as(people.boss));
    const toPayer = await call(server, t.invite, { params: { teamId }, body: { email: extra.payer, role: 'billing' } }, as(people.boss));
    expect(toOps.link).toMatch(new RegExp(`^${server.config.publicUrl}/invitations/[A-Za-z0-9_-]{43}$`));
    // no mail server here: the answer says so, and the owner's page asks them to pass the link on
    expect(toOps.mailed).toBe(false);

    // The admin accepts from their own list (the bell and /teams read it): no link, no mail.
    const mine = await call(server, t.mine, {}, as(people.ops));
    expect(mine.invitations.map((i) => [i.team_name, i.role, i.invited_by])).toEqual([['Walk Co', 'admin', extra.boss]]);
    expect((await call(server, t.mine, {}, as(people.boss))).invitations).toEqual([]);
    // someone else cannot answer it
    expect((await send(server, t.acceptMine, { params: { invitationId: toOps.id } }, as(people.dev))).status).toBe(404);
    expect(await call(server, t.acceptMine, { params: { invitationId: toOps.id } }, as(people.ops))).toMatchObject({ id: teamId, role: 'admin' });
    expect((await call(server, t.mine, {}, as(people.ops))).invitations).toEqual([]);

    // The member's first link is replaced by a resent one: the old link is gone, the new one works.
    const oldToken = toDev.link.split('/').at(-1) ?? '';
    const resent = await call(server, t.resendInvitation, { params: { teamId, invitationId: toDev.id } }, as(people.boss));
    expect(resent.link).not.toBe(toDev.link);
    expect((await send(server, t.previewInvitation, { params: { token: oldToken } }, as(people.dev))).status).toBe(404);
    const newToken = resent.link.split('/').at(-1) ?? '';
    expect(await call(server, t.previewInvitation, { params: { token: newToken } }, as(people.dev))).toMatchObject({ status: 'pending', email_matches: true, member: false });
    await call(server, t.acceptInvitation, { params: { token: newToken } }, as(people.dev));
    // a second tab opens the same link after acceptance: accepted, and a member (the page offers Open team, no Accept)
    expect(await call(server, t.previewInvitation, { params: { token: newToken } }, as(people.dev))).toMatchObject({ status: 'accepted', member: true });
    const again = await send(server, t.acceptInvitation, { params: { token: newToken } }, as(people.dev));
    expect([again.status, errorOf(again).error]).toEqual([410, 'This invitation was already accepted']);

    // The billing member declines first (the team sees it declined, not revoked), then is invited again and accepts.
    await call(server, t.declineMine, { params: { invitationId: toPayer.id } }, as(people.payer));
    const declined = (await call(server, t.get, { params: { teamId } }, as(people.boss))).invitations.find((i) => i.id === toPayer.id);
    expect(declined?.status).toBe('declined');
    const payerToken = toPayer.link.split('/').at(-1) ?? '';
    expect((await call(server, t.previewInvitation, { params: { token: payerToken } }, as(people.payer))).status).toBe('declined');
    const second = await call(server, t.invite, { params: { teamId }, body: { email: extra.payer, role: 'billing' } }, as(people.boss));
    await call(server, t.acceptMine, { params: { invitationId: second.id } }, as(people.payer));

    // Money: an administrator tops the team up. A deployment: the member starts a trial VM.
    await call(server, customersContract.topup, { params: { id: teamId }, body: { amount_cents: 2000, reason: 'Walk credit' } }, { token: tokens.admin });
    const vm = await api(server, '/api/deployments', { token: people.dev.token, headers: { [accountHeader]: teamId }, body: { configId: 'trial_vm_hetzner', name: 'walk-vm', timeoutMins: null } });
    expect(vm.status).toBe(200);
    await until('the VM is ready and its notice mailed', async () => (await mails()).some((m) => m.subject === 'Walk Co: Deployment walk-vm is ready'), 60_000);

    // A new team never funded: no "balance is low" notice.
    await call(server, t.create, { body: { name: 'Empty Co' } }, as(people.boss));
    await checkNotifications(server.services.notifications);

    const walk = (await mails()).slice(before).map((m) => `${m.to} | ${m.subject}`);
    console.log(`team walk: ${walk.length} mails\n${walk.join('\n')}`);
    expect(walk.sort()).toEqual(
      [
        // each invitation goes to the invited address, the resent one again (the first link no longer works)
        `${extra.ops} | You are invited to join Walk Co on Helix`,
        `${extra.dev} | You are invited to join Walk Co on Helix`,
        `${extra.dev} | You are invited to join Walk Co on Helix`,
        `${extra.payer} | You are invited to join Walk Co on Helix`,
        `${extra.payer} | You are invited to join Walk Co on Helix`,
        // a join is for those who manage members, never the one who joined
        `${extra.boss} | Walk Co: ${extra.ops} joined Walk Co`,
        `${extra.boss} | Walk Co: ${extra.dev} joined Walk Co`,
        `${extra.ops} | Walk Co: ${extra.dev} joined Walk Co`,
        `${extra.boss} | Walk Co: ${extra.payer} joined Walk Co`,
        `${extra.ops} | Walk Co: ${extra.payer} joined Walk Co`,
        // money to those who pay: owner, admin, billing; not the member
        `${extra.boss} | Walk Co: $20.00 added to the team's balance`,
        `${extra.ops} | Walk Co: $20.00 added to the team's balance`,
        `${extra.payer} | Walk Co: $20.00 added to the team's balance`,
        // the deployment to whoever created it, and the owner and admins
        `${extra.boss} | Walk Co: Deployment walk-vm is ready`,
        `${extra.ops} | Walk Co: Deployment walk-vm is ready`,
        `${extra.dev} | Walk Co: Deployment walk-vm is ready`,
      ].sort(),
    );
  }, 120_000);
});
