import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** Audit Log (admin): filters, the events table, paging and Download CSV. */
export class AuditLogPage extends PageObject {
  readonly action = this.page.getByLabel('Action');
  readonly actor = this.page.getByLabel('Actor e-mail');
  readonly applyButton = this.page.getByRole('button', { name: 'Apply' });
  readonly events = this.testId('audit-events');
  readonly downloadButton = this.page.getByRole('button', { name: 'Download CSV' });

  /** the row of the event whose details mention `text` */
  row(text: string): Locator {
    return this.events.locator('tbody tr', { hasText: text });
  }

  async filter(f: { action?: string; actor?: string }): Promise<void> {
    if (f.action) await this.action.selectOption(f.action);
    if (f.actor) await this.actor.fill(f.actor);
    await this.applyButton.click();
  }

  /** Clicks Download CSV and answers the saved file's name and text. */
  async downloadCsv(): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton.click()]);
    const path = await download.path();
    return { filename: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
