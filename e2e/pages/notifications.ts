import type { Locator, Page } from 'playwright-core';

/** The header bell and its list. */
export class NotificationBell {
  constructor(private readonly page: Page) {}

  get button(): Locator {
    return this.page.getByRole('banner').getByTestId('notification-bell');
  }
  get count(): Locator {
    return this.page.getByTestId('notification-count');
  }
  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' });
  }
  get markAllRead(): Locator {
    return this.panel.getByRole('button', { name: 'Mark all read' });
  }
}

/** Notification preferences on the Account page. */
export class NotificationPreferencesForm {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Notification preferences' });
  }
  get threshold(): Locator {
    return this.form.getByLabel('Tell me when my balance falls below ($)');
  }
  get save(): Locator {
    return this.form.getByRole('button', { name: 'Save preferences' });
  }
}

/** Sent Mail (admin). */
export class SentMailPage {
  constructor(private readonly page: Page) {}

  get list(): Locator {
    return this.page.getByTestId('sent-mail-list');
  }
  mailTo(address: string, subject: string): Locator {
    return this.list
      .locator('li')
      .filter({ hasText: subject })
      .filter({ hasText: `to ${address}` });
  }
}
