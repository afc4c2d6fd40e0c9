import fs from 'node:fs/promises';
import path from 'node:path';
import type { SettingsStore } from '../settings';

export interface SaveDialog {
  (options: { defaultPath: string; title: string }): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface SaveDeps {
  showSaveDialog: SaveDialog;
  settings: SettingsStore;
  /** where the first save proposes to go */
  downloadsDir: string;
}

/** A name the page suggested, reduced to a plain file name (no folders, no path tricks). */
export function safeFileName(name: string): string {
  const base = [...path.basename(name.replaceAll('\\', '/'))]
    .map((c) => (c.charCodeAt(0) < 32 || '<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return base && base !== '.' && base !== '..' ? base : 'download';
}

/** Native save dialog that opens in the folder of the last save; cancelling saves nothing. */
export async function saveWithDialog(deps: SaveDeps, filename: string, data: ArrayBuffer | Uint8Array): Promise<{ saved: boolean }> {
  const folder = deps.settings.get().lastSaveFolder ?? deps.downloadsDir;
  const answer = await deps.showSaveDialog({ title: 'Save file', defaultPath: path.join(folder, safeFileName(filename)) });
  if (answer.canceled || !answer.filePath) return { saved: false };
  await fs.writeFile(answer.filePath, data instanceof Uint8Array ? data : new Uint8Array(data));
  deps.settings.update({ lastSaveFolder: path.dirname(answer.filePath) });
  return { saved: true };
}
