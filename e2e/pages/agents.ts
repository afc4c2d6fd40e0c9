import type { BrowserContext, Locator, Page } from 'playwright-core';

/** The agent gallery (app /agents or marketing /agents-gallery) as a person uses it. */
export class AgentGalleryPage {
  constructor(private readonly page: Page) {}

  get gallery(): Locator {
    return this.page.getByTestId('agent-gallery');
  }
  get tabs(): Locator {
    return this.gallery.getByRole('tab');
  }
  tab(name: string): Locator {
    return this.gallery.getByRole('tab', { name, exact: true });
  }
  get selectedTab(): Locator {
    return this.gallery.locator('[role="tab"][aria-selected="true"]');
  }
  get cards(): Locator {
    return this.page.getByTestId('agent-card');
  }
  card(agentId: string): Locator {
    return this.page.locator(`[data-testid="agent-card"][data-agent-id="${agentId}"]`);
  }
  description(card: Locator): Locator {
    return card.getByTestId('agent-description');
  }

  get menu(): Locator {
    return this.page.getByTestId('deploy-menu');
  }
  get targets(): Locator {
    return this.menu.getByTestId('deploy-target');
  }
  target(name: string): Locator {
    return this.targets.filter({ has: this.page.getByText(name, { exact: true }) });
  }
  get addForm(): Locator {
    return this.menu.getByTestId('add-deployment-form');
  }
  get localhostDialog(): Locator {
    return this.page.getByTestId('localhost-dialog');
  }
  get removeDialog(): Locator {
    return this.page.getByTestId('remove-reference-dialog');
  }

  async open(path = '/agents'): Promise<void> {
    await this.page.goto(path);
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
