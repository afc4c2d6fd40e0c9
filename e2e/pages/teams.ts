import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The header's account switcher (issue 34): the account the tab acts in, and the menu to change it. */
export class AccountSwitcher extends PageObject {
  readonly button = this.testId('account-switcher');
  readonly menu = this.page.getByRole('menu', { name: 'Accounts' });
  readonly teamName = this.button.getByTestId('team-name');

  /** Opens the menu and picks the account whose name starts with `name` (a team, or the person's e-mail). */
  async choose(name: string): Promise<void> {
    await this.button.click();
    await this.menu.getByRole('menuitemradio', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  }

  /** Waits until the button names this account and role ("Research", "Owner"). */
  async waitFor(name: string, role: string): Promise<void> {
    await this.button.filter({ hasText: name }).filter({ hasText: role }).waitFor();
  }
}

/** /teams and /teams/id/<id>: the list, the create form, one team's members, invitations and owner actions. */
export class TeamsPage extends PageObject {
  readonly createForm = this.testId('create-team-form');
  readonly createName = this.createForm.getByLabel('Team name');
  readonly createButton = this.createForm.getByRole('button', { name: 'Create team' });
  readonly teamsTable = this.testId('teams-table');
  readonly title = this.testId('page-title');
  readonly role = this.testId('team-role');
  readonly balance = this.testId('team-balance');
  readonly running = this.testId('team-running');
  readonly members = this.testId('team-members-table');
  readonly invitations = this.testId('team-invitations-table');
  readonly inviteForm = this.testId('invite-form');
  readonly inviteEmail = this.inviteForm.getByLabel('E-mail');
  readonly inviteRole = this.inviteForm.getByRole('combobox', { name: /^Role/ });
  readonly inviteButton = this.inviteForm.getByRole('button', { name: 'Invite member' });

  async open(path = '/teams'): Promise<void> {
    await this.goto(path);
  }

  async create(name: string): Promise<void> {
    await this.createName.fill(name);
    await this.createButton.click();
  }

  async invite(email: string, role: string): Promise<void> {
    await this.inviteEmail.fill(email);
    await this.inviteRole.selectOption({ label: role });
    await this.inviteButton.click();
  }

  member(email: string): Locator {
    return this.members.locator('tbody tr').filter({ hasText: email });
  }
  invitation(email: string): Locator {
    return this.invitations.locator('tbody tr').filter({ hasText: email });
  }

  readonly invitationLink = this.testId('invitation-link');
  readonly deleteButton = this.testId('team-owner').getByRole('button', { name: 'Delete team' });
  readonly deleteRefusal = this.testId('delete-team-refusal');
  readonly deleteMoves = this.testId('delete-team-moves');
  readonly moveAndDelete = this.testId('delete-team-dialog').getByRole('button', { name: 'Move and delete team' });
  readonly deleteDialog = this.testId('delete-team-dialog');
  readonly deleteError = this.testId('delete-team-error');

  /** Revoke the pending invitation to `email`, accepting the confirmation. */
  async revoke(email: string): Promise<string> {
    return this.confirmAndClick(this.page.getByRole('button', { name: `Revoke the invitation to ${email}`, exact: true }));
  }

  /** Remove, accepting the confirmation; returns its question. */
  async remove(email: string): Promise<string> {
    return this.confirmAndClick(this.page.getByRole('button', { name: `Remove ${email}`, exact: true }));
  }
}

/** Invitations for the signed-in person, in the bell or on /teams: Accept and Decline without any mail. */
export class PendingInvitations extends PageObject {
  readonly list = this.testId('pending-invitations');
  accept(team: string): Locator {
    return this.page.getByRole('button', { name: `Accept the invitation to ${team}`, exact: true });
  }
  decline(team: string): Locator {
    return this.page.getByRole('button', { name: `Decline the invitation to ${team}`, exact: true });
  }
}

/** The Move credit card (Balance, a team's page) and its confirmation. */
export class MoveCredit extends PageObject {
  readonly card = this.testId('move-credit');
  readonly from = this.card.getByLabel('From');
  readonly to = this.card.getByLabel('To');
  readonly amount = this.card.getByLabel('Amount ($)');
  readonly submit = this.card.getByRole('button', { name: 'Move credit' });
  readonly dialog = this.testId('move-credit-dialog');
  readonly summary = this.testId('move-credit-summary');
  readonly refusal = this.card.getByTestId('role-refusal');

  /** Fills the form and opens the confirmation; answers the confirmation's sentence. */
  async ask(from: string, to: string, dollars: string): Promise<string> {
    await this.from.selectOption({ label: from });
    await this.to.selectOption({ label: to });
    await this.amount.fill(dollars);
    await this.submit.click();
    await this.summary.waitFor();
    return (await this.summary.textContent()) ?? '';
  }
}

/** /invitations/<token>: the preview and Accept. */
export class InvitationPage extends PageObject {
  readonly card = this.testId('invitation');
  readonly acceptButton = this.card.getByRole('button', { name: 'Accept invitation' });
  readonly switchEmailButton = this.card.getByRole('button', { name: 'Sign out to switch e-mail' });
  readonly mismatch = this.testId('invitation-mismatch');
  readonly error = this.testId('invitation-error');
  readonly openTeam = this.card.getByRole('link', { name: 'Open team' });

  async open(path: string): Promise<void> {
    await this.goto(path);
  }
}
