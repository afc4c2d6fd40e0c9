import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** /account: the API keys card (create, the new key shown once, the table with Revoke). */
export class AccountPage extends PageObject {
  readonly keysHeading = this.page.getByRole('heading', { level: 2, name: 'API keys', exact: true });
  readonly keyName = this.page.getByLabel('Key name');
  readonly createKeyButton = this.page.getByRole('button', { name: 'Create API key', exact: true });
  readonly newKey = this.testId('new-api-key');
  readonly keys = this.testId('api-keys');
  keyRow(name: string): Locator {
    return this.keys.locator('tbody tr').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
  revokeButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Revoke ${name}`, exact: true });
  }

  /** Creates a key with the default scopes and expiry and waits for its row. */
  async createKey(name: string): Promise<void> {
    await this.keyName.fill(name);
    await this.createKeyButton.click();
    await this.newKey.filter({ hasText: name }).waitFor();
    await this.keyRow(name).waitFor();
  }
}
