import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AppShell } from './pages/app-shell';
import { BalancePage, LocalCheckoutPage } from './pages/balance';
import { LicensesPage } from './pages/licenses';
import { NotificationBell } from './pages/notifications';
import { AccountSwitcher, InvitationPage, MoveCredit, PendingInvitations, TeamsPage } from './pages/teams';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/** A refusal a person reads: a sentence, never an action id ("balance.checkout"), a scope in quotes or a role id. */
const plainSentence = /^Only [a-z ,]+ can [a-z ]+$/;
/** What a person must never read: a route's action id ("balance.checkout") or a scope id in quotes ("billing"). */
const internalId = /\b(?:balance|licenses|deployments|connected-deployments|api-keys|user-meta)\.[a-z][a-z.-]*|["“](?:read|deploy|billing|admin)["”]/;

interface Walk {
  /** the refusal beside Hosted Deployments' type cards, or null when the role may create */
  deployments: string | null;
  /** the refusal beside the licence cards, or null when the role may create */
  licenses: string | null;
  /** the API-key form's scopes, each with whether it is ticked */
  scopes: string[];
}

/**
 * Issue 43 per role, without any mail: the owner invites a member and a billing member and passes
 * the links on by copying; the member accepts from the bell, the billing member from /teams; each
 * is offered what their role may do and told in a plain sentence what it may not; the billing
 * member moves credit into the team; the owner closes the team by moving its credit and licence home.
 */
describe('a team per role: owner, admin, member, billing', () => {
  const browser = useBrowser();

  /**
   * Walks Hosted Deployments, Licenses and Account in the team (the tab's account, named with its
   * role in the header): what each screen refuses, in which words, and the scopes the API-key form
   * offers; no screen shows an internal id, nor free credit a team does not get.
   */
  async function walk(p: Page, team: string, role: string): Promise<Walk> {
    const refusalOn = async (path: string, ready: string): Promise<string | null> => {
      await p.goto(path);
      await new AccountSwitcher(p).waitFor(team, role);
      await p.getByRole('heading', { name: ready }).first().waitFor();
      expect(await p.locator('main').innerText()).not.toMatch(internalId);
      const refusal = p.getByTestId('role-refusal');
      return (await refusal.count()) === 0 ? null : await refusal.textContent();
    };
    const deployments = await refusalOn('/deployments', 'Choose a deployment type');
    // a team gets no free credit, so its Trial VM card promises none
    expect(await p.getByTestId('type-card-trial-vm').innerText()).not.toContain('free credit');
    const licenses = await refusalOn('/licenses', 'Your Licenses');
    await refusalOn('/account', 'API keys');
    const boxes = p.getByRole('group', { name: 'Scopes' }).getByRole('checkbox');
    const scopes: string[] = [];
    for (const box of await boxes.all()) scopes.push(`${await box.getAttribute('value')}${(await box.isChecked()) ? ' ticked' : ''}`);
    return { deployments, licenses, scopes };
  }

  async function signedIn(user: { email: string; password: string }, path: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await new AppShell(page).signIn(user, path);
    return page;
  }

  it('invite without mail, accept from the bell and /teams, what each role is offered, a new tab pays into the team, move credit, close the team by moving its credit and licence', async () => {
    const teamName = `Roles ${Date.now().toString(36)}`;
    const { roleOwner: owner, roleMember: member, roleBilling: billing, roleAdmin: teamAdmin } = e2eUsers;

    // Owner: creates the team and invites both; each invitation shows its link to copy.
    const page = browser.page();
    await new AppShell(page).signIn(owner, '/teams');
    const teams = new TeamsPage(page);
    await teams.create(teamName);
    await page.waitForURL((url) => url.pathname.startsWith('/teams/id/'));
    const teamPath = new URL(page.url()).pathname;
    await teams.title.filter({ hasText: teamName }).waitFor();
    await teams.invite(member.email, 'Member');
    // no mail server in this run: the link is there to copy, and the page says nobody else sends it
    await teams.invitationLink.filter({ hasText: member.email }).filter({ hasText: 'This server sends no e-mail: copy the link and send it yourself.' }).waitFor();
    const memberLink = new URL(await teams.invitationLink.getByRole('textbox').inputValue()).pathname;
    await teams.invite(billing.email, 'Billing');
    await teams.invitationLink.filter({ hasText: billing.email }).waitFor();
    await teams.invite(teamAdmin.email, 'Admin');
    await teams.invitationLink.filter({ hasText: teamAdmin.email }).waitFor();
    const firstAdminLink = new URL(await teams.invitationLink.getByRole('textbox').inputValue()).pathname;
    // the owner makes a new link (resend): the first one stops working
    await page.getByRole('button', { name: `Send the invitation to ${teamAdmin.email} again with a new link`, exact: true }).click();
    await teams.invitationLink.filter({ hasText: 'The earlier link no longer works.' }).waitFor();
    const adminLink = new URL(await teams.invitationLink.filter({ hasText: 'The earlier link no longer works.' }).getByRole('textbox').inputValue()).pathname;
    expect(adminLink).not.toBe(firstAdminLink);
    // the owner sees Delete offered (no deployment), and nothing refused
    expect(await teams.deleteButton.isEnabled()).toBe(true);

    // Member: the bell holds the invitation; Accept there works in the team at once, on Hosted Deployments.
    const memberPage = await signedIn(member, '/home');
    const bell = new NotificationBell(memberPage);
    await bell.find(`invited you to join ${teamName}`);
    await new PendingInvitations(memberPage).accept(teamName).click();
    await memberPage.waitForURL((url) => url.pathname.startsWith('/deployments'));
    await new AccountSwitcher(memberPage).waitFor(teamName, 'Member');
    // A second tab opens the link after acceptance: one true state, Open team and no Accept.
    const invitation = new InvitationPage(memberPage);
    await invitation.open(memberLink);
    await invitation.card.filter({ hasText: 'Already accepted' }).waitFor();
    await invitation.openTeam.waitFor();
    expect(await invitation.acceptButton.count()).toBe(0);
    expect(await invitation.card.getByText('Link valid until').count()).toBe(0);
    // On Balance the member may not pay nor move credit, and is told so in plain sentences.
    const memberBalance = new BalancePage(memberPage);
    await memberBalance.open();
    await memberBalance.addFundsButton.waitFor();
    expect(await memberBalance.addFundsButton.isDisabled()).toBe(true);
    const memberMove = new MoveCredit(memberPage);
    await memberMove.refusal.waitFor();
    expect(await memberMove.submit.count()).toBe(0);
    const refusals = await memberPage.getByTestId('role-refusal').allTextContents();
    expect(refusals).toEqual(expect.arrayContaining(['Only the owner, admins and billing members can add funds', 'Only the owner, admins and billing members can move credit']));
    for (const text of refusals) expect(text).toMatch(plainSentence);
    // The team page: no invitations, no Delete for a member.
    const memberTeams = new TeamsPage(memberPage);
    await memberTeams.open(teamPath);
    await memberTeams.role.filter({ hasText: 'Member' }).waitFor();
    expect(await memberTeams.inviteForm.count()).toBe(0);
    expect(await memberTeams.deleteButton.count()).toBe(0);
    // Every other screen: a member deploys, does not create licences, and a key may do all a member may (ticked) and nothing more.
    expect(await walk(memberPage, teamName, 'Member')).toEqual({
      deployments: null,
      licenses: 'Only the owner, admins and billing members can create licenses',
      scopes: ['read ticked', 'deploy ticked'],
    });

    // Billing: /teams lists the invitation; Accept lands on Balance, where their work is.
    const billingPage = await signedIn(billing, '/teams');
    await new PendingInvitations(billingPage).accept(teamName).click();
    await billingPage.waitForURL((url) => url.pathname.startsWith('/balance'));
    await new AccountSwitcher(billingPage).waitFor(teamName, 'Billing');
    const billingBalance = new BalancePage(billingPage);
    await billingBalance.waitForAmount(billingBalance.currentBalance, '$0.00');
    expect(await billingBalance.addFundsButton.isEnabled()).toBe(true);
    expect(await billingPage.getByTestId('role-refusal').count()).toBe(0);
    // Billing moves $3 of their own credit into the team: the confirmation names both accounts and the amount.
    const move = new MoveCredit(billingPage);
    const question = await move.ask('Your personal account', `${teamName} (team)`, '3');
    expect(question).toBe(`Move $3.00 from your personal account to ${teamName} (team)?`);
    await move.dialog.getByRole('button', { name: 'Move $3.00' }).click();
    await billingPage
      .getByTestId('toast')
      .filter({ hasText: `Moved $3.00 to ${teamName} (team)` })
      .waitFor();
    await billingBalance.waitForAmount(billingBalance.currentBalance, '$3.00');
    await billingBalance.transactionRows.filter({ hasText: `Moved from ${billing.email} (personal account)` }).waitFor();
    // Every other screen: billing pays and licenses, does not deploy, and a key may bill and read.
    expect(await walk(billingPage, teamName, 'Billing')).toEqual({
      deployments: 'Only the owner, admins and members can create deployments',
      licenses: null,
      scopes: ['read ticked', 'billing ticked'],
    });
    // Until the tab knows the person's role in the team, the page waits: no deployment form shows for a moment to a role that may not deploy.
    await expectDeploymentsWaitForRole(billingPage, 'Only the owner, admins and members can create deployments');
    // Billing takes a trial licence for the team: the form names the team as the organization, not to be typed.
    const teamLicences = new LicensesPage(billingPage);
    await teamLicences.open();
    await teamLicences.select('trial');
    expect([await teamLicences.organization.inputValue(), await teamLicences.organization.getAttribute('readonly')]).toEqual([teamName, '']);
    const licenceId = await (await teamLicences.createTrialInTeam(teamName)).getAttribute('data-license-id');

    // Admin: opens the copied link and accepts; may invite and pay, may not delete the team (the owner's), and is refused nothing on Balance.
    const adminPage = await signedIn(teamAdmin, '/home');
    const adminInvitation = new InvitationPage(adminPage);
    await adminInvitation.open(firstAdminLink);
    await adminInvitation.error.waitFor();
    expect(await adminInvitation.acceptButton.count()).toBe(0);
    await adminInvitation.open(adminLink);
    await adminInvitation.acceptButton.click();
    await new AccountSwitcher(adminPage).waitFor(teamName, 'Admin');
    const adminTeams = new TeamsPage(adminPage);
    await adminTeams.open(teamPath);
    await adminTeams.role.filter({ hasText: 'Admin' }).waitFor();
    await adminTeams.inviteForm.waitFor();
    expect(await adminTeams.deleteButton.count()).toBe(0);
    const adminBalance = new BalancePage(adminPage);
    await adminBalance.open();
    await adminBalance.waitForAmount(adminBalance.currentBalance, '$3.00');
    expect(await adminBalance.addFundsButton.isEnabled()).toBe(true);
    expect(await adminPage.getByTestId('role-refusal').count()).toBe(0);
    expect(await walk(adminPage, teamName, 'Admin')).toEqual({ deployments: null, licenses: null, scopes: ['read ticked', 'deploy ticked', 'billing ticked'] });

    // The owner makes the member a billing member: the member's open tab follows without a reload (header and Add Funds).
    await memberBalance.open();
    await new AccountSwitcher(memberPage).waitFor(teamName, 'Member');
    expect(await memberBalance.addFundsButton.isDisabled()).toBe(true);
    await teams.open(teamPath);
    await page.getByRole('combobox', { name: `Role of ${member.email}` }).selectOption({ label: 'Billing' });
    await page
      .getByTestId('toast')
      .filter({ hasText: `${member.email} is now Billing.` })
      .waitFor();
    await memberPage.getByTestId('account-switcher').filter({ hasText: 'Billing' }).waitFor({ timeout: 30_000 });
    await memberPage.getByRole('button', { name: 'Add Funds', disabled: false }).waitFor();
    expect(await memberPage.getByTestId('role-refusal').count()).toBe(0);

    // Owner: works in the team, then opens a new tab: it starts in the team, and its checkout names the team and pays into it.
    await teams.open(teamPath);
    const ownerSwitcher = new AccountSwitcher(page);
    await ownerSwitcher.choose(teamName);
    await ownerSwitcher.waitFor(teamName, 'Owner');
    const newTab = await page.context().newPage();
    const tabBalance = new BalancePage(newTab);
    await tabBalance.open();
    await new AccountSwitcher(newTab).waitFor(teamName, 'Owner');
    // the address names the team, so a copied link opens in it
    await newTab.waitForURL((url) => url.searchParams.get('account') === teamPath.split('/').at(-1));
    await tabBalance.waitForAmount(tabBalance.currentBalance, '$3.00');
    await newTab.getByText(`$50 will be added to ${teamName} (team)`).waitFor();
    await tabBalance.addFundsButton.click();
    const checkout = new LocalCheckoutPage(newTab);
    await checkout.waitForOpen();
    expect(await newTab.getByTestId('checkout-account').textContent()).toBe(`Paid into: ${teamName} (team)`);
    await checkout.payButton.click();
    await newTab.waitForURL((url) => url.pathname === '/balance' && url.searchParams.get('checkout') === 'success');
    await tabBalance.checkoutNotice.filter({ hasText: `The funds are added to ${teamName} (team)` }).waitFor();
    await tabBalance.waitForAmount(tabBalance.currentBalance, '$53.00');
    await newTab.close();

    // Owner: the team holds $53.00; Delete offers to move it and deletes after the move.
    await teams.open(teamPath);
    await teams.balance.filter({ hasText: '$53.00' }).waitFor();
    await teams.deleteButton.click();
    await teams.deleteMoves.filter({ hasText: 'It still holds $53.00 and 1 live licence: they move' }).waitFor();
    await teams.moveAndDelete.click();
    await page.waitForURL((url) => url.pathname === '/teams');
    // The credit is in the owner's own account, on its history.
    const ownerBalance = new BalancePage(page);
    await ownerBalance.open('?account=personal');
    await ownerBalance.transactionRows.filter({ hasText: `Moved from ${teamName} (team)` }).waitFor();
    // and so is the team's licence, on the owner's own list (never orphaned)
    const ownerLicences = new LicensesPage(page);
    await ownerLicences.open('/licenses?account=personal');
    await ownerLicences.row(licenceId ?? '').waitFor();
  }, 240_000);
});

/**
 * Opens Hosted Deployments in the page's team tab while the person's accounts are held back: the
 * shell is signed in (the header has asked for the balance) and the page still shows "Loading…",
 * neither its type cards nor a request for the list; once the accounts arrive, the role's refusal.
 */
async function expectDeploymentsWaitForRole(page: Page, refusal: string): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const askedForList: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/api/deployments') askedForList.push(request.url());
  };
  const isMe = (url: URL) => url.pathname === '/api/auth/me';
  await page.route(isMe, async (route) => {
    await held;
    await route.continue();
  });
  page.on('request', onRequest);
  try {
    const headerBalance = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/balance');
    await page.goto('/deployments');
    await headerBalance;
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    // Nothing but the held answer keeps the page back, and its code came during the session check: a
    // page that did not wait for the role would be live (html[data-page-ready]) well within a second.
    const rendered = await page.waitForSelector('html[data-page-ready]', { state: 'attached', timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    expect(rendered).toBe(false);
    expect(await page.locator('main').innerText()).toBe('Loading…');
    expect(await page.getByTestId('type-card-trial-vm').count()).toBe(0);
    expect(askedForList).toEqual([]);
  } finally {
    release();
    page.off('request', onRequest);
  }
  await page.getByTestId('role-refusal').filter({ hasText: refusal }).waitFor();
  await page.unroute(isMe);
}
