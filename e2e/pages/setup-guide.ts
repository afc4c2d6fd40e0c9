import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

export type GuideCategory = 'local' | 'cloud' | 'onprem' | 'hybrid';

/** The setup guide on /private-deployments and /docs, as a person uses it. */
export class SetupGuidePage extends PageObject {
  readonly guide = this.testId('setup-guide');
  category(id: GuideCategory): Locator {
    return this.testId(`category-${id}`);
  }
  section(id: GuideCategory): Locator {
    return this.testId(`section-${id}`);
  }
  tab(name: string): Locator {
    return this.guide.getByRole('tab', { name, exact: true });
  }
  readonly versionSelect = this.testId('version-picker').getByLabel('Version', { exact: true });
  readonly devBuilds = this.testId('version-picker').getByLabel('Include dev builds');
  readonly licenseKey = this.testId('license-field').getByLabel('License key', { exact: true });
  output(filename: string): Locator {
    return this.testId(`output-${filename}`);
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
  readonly dockerAccess = this.page.getByRole('form', { name: 'Docker access' });
  readonly connectedList = this.testId('connected-deployments');
  readonly supportButton = this.page.getByRole('button', { name: 'Chat with Technical Support Team' }).first();
  readonly supportDialog = this.testId('support-chat');

  async versionOptions(): Promise<string[]> {
    return this.versionSelect.locator('option').allTextContents();
  }
}
