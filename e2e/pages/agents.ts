import type { BrowserContext, Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The agent gallery (app /agents or marketing /agents-gallery) as a person uses it. */
export class AgentGalleryPage extends PageObject {
  readonly gallery = this.testId('agent-gallery');
  readonly tabs = this.gallery.getByRole('tab');
  tab(name: string): Locator {
    return this.gallery.getByRole('tab', { name, exact: true });
  }
  readonly selectedTab = this.gallery.locator('[role="tab"][aria-selected="true"]');
  readonly cards = this.testId('agent-card');
  card(agentId: string): Locator {
    return this.page.locator(`[data-testid="agent-card"][data-agent-id="${agentId}"]`);
  }
  description(card: Locator): Locator {
    return card.getByTestId('agent-description');
  }

  readonly menu = this.testId('deploy-menu');
  readonly targets = this.menu.getByTestId('deploy-target');
  target(name: string): Locator {
    return this.targets.filter({ has: this.page.getByText(name, { exact: true }) });
  }
  readonly addForm = this.menu.getByTestId('add-deployment-form');
  readonly addFormCancel = this.addForm.getByRole('button', { name: 'Cancel', exact: true });
  readonly addFormAdd = this.addForm.getByRole('button', { name: 'Add', exact: true });
  /** the sticky header of the page (the public site's or the app's) */
  readonly header = this.page.locator('.site-header, .app-header').first();
  readonly localhostDialog = this.testId('localhost-dialog');
  readonly removeDialog = this.testId('remove-reference-dialog');

  /** Both gallery pages arrive rendered by the server: their tabs answer clicks once the page is live. */
  async open(path = '/agents'): Promise<void> {
    await this.goto(path);
    await this.cards.first().waitFor();
  }

  async openMenu(card: Locator): Promise<void> {
    await card.getByTestId('deploy-button').click();
    await this.menu.waitFor();
  }

  /** Fills the inline add form and presses Add. */
  async addDeployment(name: string, url: string, description = ''): Promise<void> {
    if (!(await this.addForm.isVisible())) await this.menu.getByRole('button', { name: '+ Add private deployment' }).click();
    await this.addForm.getByLabel('Name', { exact: true }).fill(name);
    await this.addForm.getByLabel('Description (optional)').fill(description);
    await this.addForm.getByLabel('URL', { exact: true }).fill(url);
    await this.addForm.getByRole('button', { name: 'Add', exact: true }).click();
  }

  /** Runs the action and returns the address of the tab it opens once it has loaded. */
  async opensTab(context: BrowserContext, action: () => Promise<void>): Promise<string> {
    const [popup] = await Promise.all([context.waitForEvent('page'), action()]);
    await popup.waitForURL(/\/import-agent\?config=/);
    const url = popup.url();
    await popup.close();
    return url;
  }
}
