import type { Locator, Page } from 'playwright-core';

export type GuideCategory = 'local' | 'cloud' | 'onprem' | 'hybrid';

/** The setup guide on /private-deployments and /docs, as a person uses it. */
export class SetupGuidePage {
  constructor(private readonly page: Page) {}

  get guide(): Locator {
    return this.page.getByTestId('setup-guide');
  }
  category(id: GuideCategory): Locator {
    return this.page.getByTestId(`category-${id}`);
  }
  section(id: GuideCategory): Locator {
    return this.page.getByTestId(`section-${id}`);
  }
  tab(name: string): Locator {
    return this.guide.getByRole('tab', { name, exact: true });
  }
  get versionSelect(): Locator {
    return this.page.getByTestId('version-picker').getByLabel('Version', { exact: true });
  }
  get devBuilds(): Locator {
    return this.page.getByTestId('version-picker').getByLabel('Include dev builds');
  }
  get licenseKey(): Locator {
    return this.page.getByTestId('license-field').getByLabel('License key', { exact: true });
  }
  output(filename: string): Locator {
    return this.page.getByTestId(`output-${filename}`);
  }
  outputText(filename: string): Locator {
    return this.output(filename).locator('code');
  }
  copyButton(filename: string): Locator {
    return this.output(filename).getByRole('button', { name: `Copy ${filename}` });
  }
  copyState(filename: string): Locator {
    return this.output(filename).getByRole('button', { name: /^(Copied!|Copy failed)$/ });
  }
  downloadButton(filename: string): Locator {
    return this.output(filename).getByRole('button', { name: `Download ${filename}` });
  }
  get dockerAccess(): Locator {
    return this.page.getByRole('form', { name: 'Docker access' });
  }
  get connectedList(): Locator {
    return this.page.getByTestId('connected-deployments');
  }
  get supportButton(): Locator {
    return this.page.getByRole('button', { name: 'Chat with Technical Support Team' }).first();
  }
  get supportDialog(): Locator {
    return this.page.getByTestId('support-chat');
  }

  async versionOptions(): Promise<string[]> {
    return this.versionSelect.locator('option').allTextContents();
  }
}
