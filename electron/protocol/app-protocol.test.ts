import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appPageUrl, createAppProtocolHandler, resolveAppFile } from './app-protocol';

/** dist/electron as the build lays it out, plus a secret next to it and a link pointing out */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-app-protocol-'));
const dist = path.join(root, 'dist');
for (const page of ['first-run', 'tray']) {
  fs.mkdirSync(path.join(dist, page), { recursive: true });
  fs.writeFileSync(path.join(dist, page, 'index.html'), `<!doctype html><title>${page}</title>`);
  fs.writeFileSync(path.join(dist, page, 'page.js'), 'void 0;');
  fs.writeFileSync(path.join(dist, page, 'style.css'), 'body{}');
}
fs.writeFileSync(path.join(dist, 'first-run', 'page.js.map'), '{}');
fs.writeFileSync(path.join(dist, 'main.cjs'), 'secret main process code');
fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
fs.symlinkSync(path.join(root, 'secret.txt'), path.join(dist, 'tray', 'link.css'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const handler = createAppProtocolHandler(dist);
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app:// protocol of the bundled pages', () => {
  it('serves each page and its files with their MIME types', async () => {
    const page = await get(appPageUrl('first-run'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>first-run</title>');
    expect((await get('app://first-run/page.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('app://tray/style.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('app://tray/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    const head = await get('app://tray/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses every way out of the page folder', async () => {
    for (const url of [
      'app://first-run/../main.cjs',
      'app://first-run/%2e%2e/main.cjs',
      'app://first-run/..%2fmain.cjs',
      'app://first-run/..%5cmain.cjs',
      'app://first-run/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://first-run/..\\..\\secret.txt',
      'app://first-run/index.html%00.css',
      'app://tray/link.css',
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.status);
      expect(await res.text(), url).not.toContain('secret');
    }
    // the raw address is looked at, not only the normalised one
    expect(resolveAppFile(dist, 'app://first-run/../tray/index.html')).toEqual({ status: 403 });
    expect(resolveAppFile(dist, 'app://first-run/..%2f..%2fsecret.txt')).toEqual({ status: 403 });
    expect(resolveAppFile(dist, 'app://tray/link.css')).toEqual({ status: 403 });
  });

  it('answers 404 for unknown pages, unknown types and missing files; 405 for other methods', async () => {
    expect((await get('app://main/main.cjs')).status).toBe(404);
    expect((await get('app://first-run/missing.js')).status).toBe(404);
    expect((await get('app://first-run/page.js.map')).status).toBe(404);
    expect((await get('app://proxy-login/index.html')).status).toBe(404);
    expect((await get('https://first-run/index.html')).status).toBe(404);
    expect((await get('app://first-run/index.html', 'POST')).status).toBe(405);
  });
});
