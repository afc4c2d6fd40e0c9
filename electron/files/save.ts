import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { DesktopError } from '../ipc/handle';
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

/** Native save dialog that opens in the folder of the last save; undefined when cancelled. */
async function chooseFile(deps: SaveDeps, filename: string): Promise<string | undefined> {
  const folder = deps.settings.get().lastSaveFolder ?? deps.downloadsDir;
  const answer = await deps.showSaveDialog({ title: 'Save file', defaultPath: path.join(folder, safeFileName(filename)) });
  return answer.canceled || !answer.filePath ? undefined : answer.filePath;
}

/** Saves bytes the page made (a report, a setup file); cancelling saves nothing. */
export async function saveWithDialog(deps: SaveDeps, filename: string, data: ArrayBuffer | Uint8Array): Promise<{ saved: boolean }> {
  const file = await chooseFile(deps, filename);
  if (!file) return { saved: false };
  await fs.writeFile(file, data instanceof Uint8Array ? data : new Uint8Array(data));
  deps.settings.update({ lastSaveFolder: path.dirname(file) });
  return { saved: true };
}

export interface DownloadDeps extends SaveDeps {
  /** Electron's net.fetch in the app */
  fetchImpl: typeof fetch;
  accessToken(): Promise<string | undefined>;
}

/**
 * Downloads a file of the API (a deployment's logs zip) straight into the file the person chooses:
 * main streams the response to disk, so a large zip never passes whole through IPC or memory. It
 * is written beside the target and renamed at the end: a broken download leaves no half file.
 */
export async function downloadWithDialog(deps: DownloadDeps, url: string, filename: string): Promise<{ saved: boolean }> {
  const file = await chooseFile(deps, filename);
  if (!file) return { saved: false };
  const token = await deps.accessToken();
  if (!token) throw new DesktopError('Sign in to download this file', 'unauthorized');
  const res = await deps.fetchImpl(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new DesktopError(`The download failed: the server answered ${res.status}`, 'download_failed');
  }
  const part = `${file}.${process.pid}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), createWriteStream(part));
    await fs.rename(part, file);
  } catch (err) {
    await fs.rm(part, { force: true });
    throw new DesktopError(`The download did not finish: ${err instanceof Error ? err.message : String(err)}`, 'download_failed');
  }
  deps.settings.update({ lastSaveFolder: path.dirname(file) });
  return { saved: true };
}
