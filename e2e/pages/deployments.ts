import type { Download, Locator, Page } from 'playwright-core';
import { buttonIn, PageObject } from './page-object';

/** "1d 2h 3m 4s remaining" → seconds; undefined for Never expires / Terminating... */
export function remainingSeconds(text: string): number | undefined {
  const m = /^(?:(\d+)d )?(?:(\d+)h )?(?:(\d+)m )?(\d+)s remaining$/.exec(text.trim());
  if (!m) return undefined;
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number];
  return ((d * 24 + h) * 60 + min) * 60 + s;
}

/** A part of a deployment row, by its test id. */
const inRow =
  (testId: string) =>
  (row: Locator): Locator =>
    row.getByTestId(testId);

/** The Hosted Deployments page as a person uses it: type cards, create form, the list of deployments. */
export class DeploymentsPage extends PageObject {
  typeCard(slug: string): Locator {
    return this.testId(`type-card-${slug}`);
  }
  readonly form = this.testId('create-form');
  readonly nameInput = this.testId('deployment-name');
  readonly submitButton = this.form.getByRole('button', { name: /^(Create|Creating\.\.\.)/ });
  readonly rows = this.testId('deployment-row');
  readonly signInPrompt = this.testId('sign-in-prompt');

  /** The row of the deployment with this exact name. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async open(path = '/deployments'): Promise<void> {
    await this.page.goto(path);
  }

  /** Clicks the card's button (Start Trial VM, Deploy GPU Instance) so its create form shows. */
  async chooseType(slug: string): Promise<void> {
    await this.typeCard(slug).getByRole('button').click();
    await this.form.waitFor();
  }

  /** Types a name and presses Enter in the name field; optionally picks a timeout first. */
  async createByEnter(name: string, opts: { timeout?: string } = {}): Promise<void> {
    if (opts.timeout) await this.form.getByLabel('Timeout').selectOption({ label: opts.timeout });
    await this.nameInput.fill(name);
    await this.nameInput.press('Enter');
  }

  async waitForStatus(row: Locator, status: string, timeout = 60_000): Promise<void> {
    await row.and(this.page.locator(`[data-status="${status}"]`)).waitFor({ timeout });
  }

  /** Waits until the form is free again (the new deployment started or the wait ended). */
  async waitUntilIdle(timeout = 60_000): Promise<void> {
    await this.page.waitForFunction(() => !document.querySelector('[data-testid="create-form"] button[type="submit"]')?.textContent?.startsWith('Creating'), undefined, { timeout });
  }

  readonly countdown = inRow('countdown');
  /** The time the countdown shows (its button's name is a sentence for screen readers). */
  readonly countdownTime = inRow('countdown-time');
  readonly versionBadge = inRow('version-badge');
  readonly statusBadge = inRow('status-badge');
  readonly terminalPanel = inRow('terminal-panel');
  readonly terminalOutput = inRow('terminal-output');
  /** the row's button named exactly `name` */
  readonly button = buttonIn;

  async deploymentId(row: Locator): Promise<string> {
    return (await row.getAttribute('data-deployment-id')) ?? '';
  }

  /** Countdown → dropdown → one of the extend options (1 hour, 4 hours, 1 day …). */
  async extendTimeout(row: Locator, label: string): Promise<void> {
    await this.countdown(row).click();
    await this.page.getByRole('menuitem', { name: label, exact: true }).click();
  }

  readonly versionDialog = this.testId('edit-version-dialog');

  /** Version badge → Edit Version dialog → pick → Update Version. */
  async editVersion(row: Locator, version: string): Promise<void> {
    await this.versionBadge(row).click();
    await this.versionDialog.waitFor();
    await this.versionDialog.getByLabel('Version').selectOption(version);
    await this.versionDialog.getByRole('button', { name: 'Update Version' }).click();
  }

  /** The versions the Edit Version dialog offers (opens and cancels it). */
  async versionChoices(row: Locator): Promise<string[]> {
    await this.versionBadge(row).click();
    await this.versionDialog.waitFor();
    const select = this.versionDialog.getByLabel('Version');
    await select.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await this.versionDialog.getByRole('button', { name: 'Cancel' }).click();
    await this.versionDialog.waitFor({ state: 'detached' });
    return values.filter(Boolean);
  }

  toast(title: string): Locator {
    return this.testId('toast').filter({ hasText: title });
  }

  async downloadLogs(row: Locator): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.button(row, 'Logs').click()]);
    return download;
  }

  /** Launch UI opens the deployment's own page in a new tab. */
  async launchUi(row: Locator): Promise<Page> {
    const [tab] = await Promise.all([this.page.context().waitForEvent('page'), this.button(row, 'Launch UI').click()]);
    await tab.waitForLoadState();
    return tab;
  }

  /** Delete, accepting the confirmation; returns the confirmation's text. */
  async delete(row: Locator): Promise<string> {
    return this.confirmAndClick(this.button(row, 'Delete'));
  }

  /** Types a command into the row's terminal and presses Enter. */
  async runInTerminal(row: Locator, command: string): Promise<void> {
    await this.terminalOutput(row).click();
    await this.page.keyboard.type(command);
    await this.page.keyboard.press('Enter');
  }
}
