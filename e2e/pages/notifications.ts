import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The header bell and its list. */
export class NotificationBell extends PageObject {
  readonly button = this.page.getByRole('banner').getByTestId('notification-bell');
  readonly count = this.testId('notification-count');
  readonly panel = this.page.getByRole('region', { name: 'Notifications' });
  readonly markAllRead = this.panel.getByRole('button', { name: 'Mark all read' });

  /**
   * Opens the list and waits for a notice in it, opening it again if it closed: right after a
   * reload the header can render again under the click (seen once on a busy machine).
   */
  async find(text: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!(await this.panel.isVisible())) await this.button.click();
      try {
        return await this.panel.getByText(text).waitFor({ timeout: 5_000 });
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
    }
  }
}

/** Notification preferences on the Account page. */
export class NotificationPreferencesForm extends PageObject {
  readonly form = this.page.getByRole('form', { name: 'Notification preferences' });
  readonly threshold = this.form.getByLabel('Tell me when my balance falls below ($)');
  readonly save = this.form.getByRole('button', { name: 'Save preferences' });
}

/** Sent Mail (admin). */
export class SentMailPage extends PageObject {
  readonly list = this.testId('sent-mail-list');
  mailTo(address: string, subject: string): Locator {
    return this.list
      .locator('li')
      .filter({ hasText: subject })
      .filter({ hasText: `to ${address}` });
  }
}
