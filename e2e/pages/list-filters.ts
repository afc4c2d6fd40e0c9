import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** What a download saved: its name, its bytes and its text (UTF-8). */
export interface SavedFile {
  filename: string;
  bytes: Buffer;
  text: string;
}

/** Clicks a button that downloads a file and answers what was saved. */
export async function downloadFrom(page: Page, button: Locator): Promise<SavedFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await download.path());
  return { filename: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

/** The data lines of a CSV file (header and byte-order mark left out). */
export const csvRows = (text: string): string[] =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
