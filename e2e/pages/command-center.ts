import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The Command Center (/home) as a person reads it. */
export class CommandCenterPage extends PageObject {
  readonly root = this.testId('command-center');
  readonly featuredAgents = this.testId('featured-agent');
  readonly hostedCard = this.testId('hosted-card');
  readonly hostedRows = this.hostedCard.getByTestId('hosted-deployment');
  hostedRow(name: string): Locator {
    return this.hostedRows.filter({ hasText: name });
  }
  readonly privateCard = this.testId('private-card');
  readonly privateRows = this.privateCard.getByTestId('connected-deployment');
  /** the quick ways into the setup guide: Local, Docker, Kubernetes and the clouds */
  readonly setupTiles = this.privateCard.getByRole('navigation', { name: 'Set up a private deployment' }).getByRole('link');
  readonly licensesCard = this.testId('licenses-card');
  readonly licenseRows = this.licensesCard.getByTestId('cc-license');
  readonly removeDialog = this.testId('remove-reference-dialog');

  async open(path = '/home'): Promise<void> {
    await this.page.goto(path);
    await this.root.waitFor();
  }
}
