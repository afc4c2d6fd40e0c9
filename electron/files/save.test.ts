import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettings } from '../settings';
import { safeFileName, saveWithDialog, type SaveDialog } from './save';

describe('safeFileName', () => {
  it.each([
    ['abc-logs.zip', 'abc-logs.zip'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\x\\report.pdf', 'report.pdf'],
    ['a<b>:c?.txt', 'a_b__c_.txt'],
    ['..', 'download'],
    ['', 'download'],
  ])('%s → %s', (input, out) => expect(safeFileName(input)).toBe(out));
});

describe('saveWithDialog', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-save-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('proposes Downloads first, then the folder of the last save, and writes the bytes', async () => {
    const settings = createSettings(path.join(dir, 'settings.json'));
    const proposed: string[] = [];
    const target = path.join(dir, 'reports');
    fs.mkdirSync(target);
    const dialog: SaveDialog = async ({ defaultPath }) => {
      proposed.push(defaultPath);
      return { canceled: false, filePath: path.join(target, path.basename(defaultPath)) };
    };
    const deps = { showSaveDialog: dialog, settings, downloadsDir: '/home/u/Downloads' };
    expect(await saveWithDialog(deps, 'roi-report.pdf', new TextEncoder().encode('pdf'))).toEqual({ saved: true });
    expect(await saveWithDialog(deps, 'logs.zip', new Uint8Array([1, 2, 3]).buffer)).toEqual({ saved: true });
    expect(proposed).toEqual(['/home/u/Downloads/roi-report.pdf', path.join(target, 'logs.zip')]);
    expect(fs.readFileSync(path.join(target, 'roi-report.pdf'), 'utf8')).toBe('pdf');
    expect([...fs.readFileSync(path.join(target, 'logs.zip'))]).toEqual([1, 2, 3]);
    // remembered across restarts
    expect(createSettings(path.join(dir, 'settings.json')).get().lastSaveFolder).toBe(target);
  });

  it('saves nothing when the dialog is cancelled', async () => {
    const settings = createSettings(path.join(dir, 'settings.json'));
    const answer = await saveWithDialog({ showSaveDialog: async () => ({ canceled: true }), settings, downloadsDir: dir }, 'x.zip', new Uint8Array([1]));
    expect(answer).toEqual({ saved: false });
    expect(settings.get().lastSaveFolder).toBeUndefined();
  });
});

describe('settings file', () => {
  it('starts over (first run) when the file is missing or unreadable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-settings-'));
    const file = path.join(dir, 'settings.json');
    expect(createSettings(file).get()).toEqual({ localServer: false, localShellServers: [], quitOnClose: false });
    fs.writeFileSync(file, '{not json');
    expect(createSettings(file).get()).toEqual({ localServer: false, localShellServers: [], quitOnClose: false });
    createSettings(file).update({ serverUrl: 'https://lp.example.com' });
    expect(createSettings(file).get()).toEqual({ serverUrl: 'https://lp.example.com', localServer: false, localShellServers: [], quitOnClose: false });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
