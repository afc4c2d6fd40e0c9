import { afterEach, describe, expect, it, vi } from 'vitest';
import { desktopPlatform } from './index';

describe('desktop logs download', () => {
  afterEach(() => vi.unstubAllGlobals());
  const blob = vi.fn(async () => new Blob(['zip bytes']));

  it('main downloads the API file itself: the page fetches nothing and sends no bytes', async () => {
    const downloadFile = vi.fn(async () => ({ saved: true }));
    const saveFile = vi.fn(async () => ({ saved: true }));
    vi.stubGlobal('window', { launchpadDesktop: { downloadFile, saveFile } });
    await desktopPlatform.saveDownload('d1-logs.zip', '/api/deployments/d1/logs', blob);
    expect(downloadFile).toHaveBeenCalledWith('d1-logs.zip', '/api/deployments/d1/logs');
    expect(blob).not.toHaveBeenCalled();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('an installed app older than the server’s page (no downloadFile) still saves the file', async () => {
    const saveFile = vi.fn(async (_name: string, _data: ArrayBuffer) => ({ saved: true }));
    vi.stubGlobal('window', { launchpadDesktop: { saveFile } });
    await desktopPlatform.saveDownload('d1-logs.zip', '/api/deployments/d1/logs', blob);
    expect(saveFile.mock.calls[0]?.[0]).toBe('d1-logs.zip');
    expect(new TextDecoder().decode(saveFile.mock.calls[0]?.[1])).toBe('zip bytes');
  });
});
