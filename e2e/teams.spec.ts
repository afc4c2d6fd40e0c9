import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { BalancePage, LocalCheckoutPage } from './pages/balance';
import { DeploymentsPage } from './pages/deployments';
import { NotificationBell, SentMailPage } from './pages/notifications';
import { AccountSwitcher, InvitationPage, TeamsPage } from './pages/teams';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/**
 * Issue 34 end to end: an owner creates a team and pays into it, invites a colleague, the colleague
 * joins from the e-mailed link and runs a trial VM the team pays for, and loses its terminal the
 * moment the owner removes them.
 */
describe('teams', () => {
  const browser = useBrowser();
  /** the team the first test creates (and pays into); the next ones use it */
  const team = { id: '', name: '' };

  /** The invitation link the admin's Sent Mail page shows for `email` to `teamName`. */
  async function invitationLink(email: string, teamName: string): Promise<string> {
    const adminPage = await (await browser.newContext()).newPage();
    await new AppShell(adminPage).signIn(e2eUsers.admin, '/admin/mail');
    const mail = new SentMailPage(adminPage).mailTo(email, `You are invited to join ${teamName}`).first();
    await mail.getByText(`You are invited to join ${teamName}`).click();
    const link = /\/invitations\/[A-Za-z0-9_-]+/.exec((await mail.locator('pre').textContent()) ?? '')?.[0];
    if (!link) throw new Error(`no invitation link in the mail to ${email}`);
    return link;
  }

  it('create, top up, invite, accept, deploy as the team, and a removal ends the colleague’s terminal', async () => {
    const suffix = Date.now().toString(36);
    const teamName = `E2E Research ${suffix}`;
    const owner = e2eUsers.teamOwner;
    const mate = e2eUsers.teamMate;

    // The owner creates the team from /teams and lands on its page.
    const page = browser.page();
    await new AppShell(page).signIn(owner, '/teams');
    const teams = new TeamsPage(page);
    await teams.create(teamName);
    await page.waitForURL((url) => url.pathname.startsWith('/teams/id/'));
    const teamId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    Object.assign(team, { id: teamId, name: teamName });
    await teams.title.filter({ hasText: teamName }).waitFor();
    expect(await teams.role.textContent()).toBe('Owner');
    expect(await teams.balance.textContent()).toContain('$0.00');

    // Working in the team, the owner pays $50 into its balance through the checkout.
    const switcher = new AccountSwitcher(page);
    await switcher.choose(teamName);
    await switcher.waitFor(teamName, 'Owner');
    const balance = new BalancePage(page);
    await balance.open();
    await balance.waitForAmount(balance.currentBalance, '$0.00');
    await balance.addFundsButton.click();
    const checkout = new LocalCheckoutPage(page);
    await checkout.waitForOpen();
    await checkout.payButton.click();
    await page.waitForURL((url) => url.pathname === '/balance' && url.searchParams.get('checkout') === 'success');
    await switcher.waitFor(teamName, 'Owner');
    await balance.waitForAmount(balance.currentBalance, '$50.00');

    // The owner invites the colleague as a member.
    await teams.open(`/teams/id/${teamId}`);
    await teams.balance.filter({ hasText: '$50.00' }).waitFor();
    await teams.invite(mate.email, 'Member');
    await teams.invitation(mate.email).filter({ hasText: 'Pending' }).waitFor();

    // The invitation e-mail shows on the admin's Sent Mail page, with its link.
    const link = await invitationLink(mate.email, teamName);

    // The colleague signs in (their own browser), opens the link, sees what it offers and accepts.
    const matePage = await (await browser.newContext()).newPage();
    await new AppShell(matePage).signIn(mate, '/home');
    const invitation = new InvitationPage(matePage);
    await invitation.open(link);
    await invitation.card.waitFor();
    const preview = (await invitation.card.textContent()) ?? '';
    for (const text of [teamName, owner.email, 'Member']) expect(preview).toContain(text);
    expect(await invitation.mismatch.count()).toBe(0);
    await invitation.acceptButton.click();
    await matePage.waitForURL((url) => url.pathname.startsWith('/deployments'));
    const mateSwitcher = new AccountSwitcher(matePage);
    await mateSwitcher.waitFor(teamName, 'Member');

    // In the team, the colleague starts a trial VM the team pays for, and opens its terminal.
    const deployments = new DeploymentsPage(matePage);
    await deployments.chooseType('trial-vm');
    const vm = `e2e-team-vm-${suffix}`;
    await deployments.createByEnter(vm);
    const row = deployments.row(vm);
    await deployments.waitForStatus(row, 'running', 90_000);
    await deployments.terminalPanel(row).waitFor({ state: 'detached', timeout: 60_000 });
    await deployments.button(row, 'Open Terminal').click();
    await deployments.terminalOutput(row).filter({ hasText: '*** Connected ***' }).waitFor({ timeout: 15_000 });
    await deployments.runInTerminal(row, 'echo team-$((6*7))');
    await deployments.terminalOutput(row).filter({ hasText: 'team-42' }).waitFor({ timeout: 15_000 });

    // The owner sees the deployment charged to the team, and removes the colleague.
    await teams.open(`/teams/id/${teamId}`);
    await teams.running.filter({ hasText: '1' }).waitFor();
    await teams.member(mate.email).waitFor();
    const question = await teams.remove(mate.email);
    expect(question).toContain(`Remove ${mate.email} from ${teamName}?`);
    await teams.member(mate.email).waitFor({ state: 'detached' });

    // The colleague's terminal ends at once; their tab, refused in the team, goes back to their personal account and says so.
    // Which the tab shows first depends on whether its next poll or the socket's close arrives first (both within a second).
    const backToPersonal = matePage.getByTestId('toast').filter({ hasText: 'Back to your personal account' });
    await deployments.terminalOutput(row).filter({ hasText: '*** Disconnected ***' }).or(backToPersonal).first().waitFor({ timeout: 15_000 });
    await backToPersonal.waitFor({ timeout: 30_000 });
    await new AppShell(matePage).userEmail.filter({ hasText: mate.email }).waitFor();
    await deployments.row(vm).waitFor({ state: 'detached' });
    // A reload stays in the personal account.
    await matePage.reload();
    await new AppShell(matePage).userEmail.filter({ hasText: mate.email }).waitFor();
    expect(await mateSwitcher.teamName.count()).toBe(0);
    // Their bell says why.
    await new NotificationBell(matePage).find(`You were removed from ${teamName}`);
  }, 240_000);

  it('an invitation for another address is refused (403), a revoked one offers nothing and tells no “valid until”, and a team with a deployment offers no Delete', async () => {
    expect(team.id).not.toBe('');
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.teamOwner, `/teams/id/${team.id}`);
    const teams = new TeamsPage(page);
    await teams.invite(e2eUsers.other.email, 'Billing');
    await teams.invitation(e2eUsers.other.email).filter({ hasText: 'Pending' }).waitFor();
    const link = await invitationLink(e2eUsers.other.email, team.name);

    // The colleague opens a link meant for someone else: told so, offered to sign out instead of Accept (the server's 403 is in teams.integration.test.ts).
    const matePage = await (await browser.newContext()).newPage();
    await new AppShell(matePage).signIn(e2eUsers.teamMate, '/home');
    const invitation = new InvitationPage(matePage);
    await invitation.open(link);
    await invitation.mismatch.filter({ hasText: `This invitation is for ${e2eUsers.other.email}` }).waitFor();
    await invitation.switchEmailButton.waitFor();
    expect(await invitation.acceptButton.count()).toBe(0);

    // The owner revokes it: the link then says so and offers no Accept.
    await teams.revoke(e2eUsers.other.email);
    await teams.invitation(e2eUsers.other.email).filter({ hasText: 'Revoked' }).waitFor();
    await invitation.open(link);
    await invitation.card.filter({ hasText: 'Revoked by the team' }).waitFor();
    expect(await invitation.acceptButton.count()).toBe(0);
    expect(await invitation.card.getByText('Link valid until').count()).toBe(0);

    // The team still runs the colleague's VM: Delete is not offered, and the page says why in a sentence (credit and licences would move with it; team-roles.spec.ts closes a team that way).
    await teams.deleteRefusal.filter({ hasText: 'Delete the team’s deployment first: a team with deployments cannot be deleted.' }).waitFor();
    expect(await teams.deleteButton.isDisabled()).toBe(true);
  }, 120_000);
});
