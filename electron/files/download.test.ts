import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSettings } from '../settings';
import { downloadWithDialog, type DownloadDeps } from './save';

/** A server answering a large zip in chunks (or breaking off half-way), only with the bearer token. */
describe('downloading a logs zip straight to the chosen file', () => {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const chunks = 80; // 5 MiB
  let base: string;
  let dir: string;
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== 'Bearer good-token') return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/zip' });
    let sent = 0;
    const more = () => {
      if (req.url === '/api/broken' && sent === 10) return res.destroy();
      if (sent === chunks) return res.end();
      sent++;
      if (res.write(chunk)) setImmediate(more);
      else res.once('drain', more);
    };
    more();
  });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-download-'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deps = (chosen: string | undefined, token = 'good-token'): DownloadDeps & { fetchImpl: ReturnType<typeof vi.fn> } => ({
    settings: createSettings(path.join(dir, 'settings.json')),
    downloadsDir: dir,
    showSaveDialog: async () => (chosen ? { canceled: false, filePath: chosen } : { canceled: true }),
    accessToken: async () => token,
    fetchImpl: vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
  });

  it('writes every byte to the chosen file and remembers its folder', async () => {
    const target = path.join(dir, 'd1-logs.zip');
    const d = deps(target);
    expect(await downloadWithDialog(d, `${base}/api/logs`, 'd1-logs.zip')).toEqual({ saved: true });
    expect(fs.statSync(target).size).toBe(chunk.length * chunks);
    expect(d.settings.get().lastSaveFolder).toBe(dir);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('cancelling the dialog downloads nothing', async () => {
    const d = deps(undefined);
    expect(await downloadWithDialog(d, `${base}/api/logs`, 'x.zip')).toEqual({ saved: false });
    expect(d.fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    ['a refused token', `/api/logs`, 'bad-token', 'the server answered 401'],
    ['a connection that breaks off half-way', `/api/broken`, 'good-token', 'The download did not finish'],
  ])('%s: a clear error and no file', async (_case, url, token, message) => {
    const target = path.join(dir, `failed-${token}.zip`);
    await expect(downloadWithDialog(deps(target, token), `${base}${url}`, 'x.zip')).rejects.toThrow(message);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});
