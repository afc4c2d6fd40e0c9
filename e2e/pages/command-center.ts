import type { Locator, Page } from 'playwright-core';

/** The Command Center (/home) as a person reads it. */
export class CommandCenterPage {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('command-center');
  }
  get featuredAgents(): Locator {
    return this.page.getByTestId('featured-agent');
  }
  get hostedCard(): Locator {
    return this.page.getByTestId('hosted-card');
  }
  get hostedRows(): Locator {
    return this.hostedCard.getByTestId('hosted-deployment');
  }
  hostedRow(name: string): Locator {
    return this.hostedRows.filter({ hasText: name });
  }
  get privateCard(): Locator {
    return this.page.getByTestId('private-card');
  }
  get privateRows(): Locator {
    return this.privateCard.getByTestId('connected-deployment');
  }
  get licensesCard(): Locator {
    return this.page.getByTestId('licenses-card');
  }
  get licenseRows(): Locator {
    return this.licensesCard.getByTestId('cc-license');
  }
  get removeDialog(): Locator {
    return this.page.getByTestId('remove-reference-dialog');
  }

  async open(path = '/home'): Promise<void> {
    await this.page.goto(path);
    await this.root.waitFor();
  }
}
