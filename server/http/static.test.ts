import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRenderer } from './static';

describe('the built renderer', () => {
  let root: string;
  let server: ReturnType<Koa['listen']>;
  let base: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-static-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(root, 'assets', 'LandingPage-abc.js'), 'export default 1;'.repeat(200));
    fs.mkdirSync(path.join(root, 'media'));
    fs.writeFileSync(path.join(root, 'media', 'showcase-agents.webm'), new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]));
    fs.writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify({ '/': ['/assets/LandingPage-abc.js', '/assets/landing-abc.css'], '/pricing': ['/assets/PricingPage-abc.js'] }));
    const app = new Koa();
    app.use(serveRenderer(root));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("announces a marketing page's chunks with a Link header on index.html", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBe('</assets/LandingPage-abc.js>; rel=modulepreload, </assets/landing-abc.css>; rel=preload; as=style; crossorigin');
    expect((await fetch(`${base}/pricing/`)).headers.get('link')).toBe('</assets/PricingPage-abc.js>; rel=modulepreload');
  });

  it("gives an address of a page's family (a guide under /docs) that page's hints, and the landing's only to /", async () => {
    fs.writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify({ '/': ['/assets/LandingPage-abc.js'], '/docs': ['/assets/DocsPage-abc.js', '/assets/docs-abc.css'] }));
    const docs = '</assets/DocsPage-abc.js>; rel=modulepreload, </assets/docs-abc.css>; rel=preload; as=style; crossorigin';
    expect((await fetch(`${base}/docs/cloud/oci`)).headers.get('link')).toBe(docs);
    expect((await fetch(`${base}/docs/hybrid/`)).headers.get('link')).toBe(docs);
    expect((await fetch(`${base}/deployments/id/7`)).headers.get('link')).toBeNull();
    fs.writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify({ '/': ['/assets/LandingPage-abc.js', '/assets/landing-abc.css'], '/pricing': ['/assets/PricingPage-abc.js'] }));
  });

  it('sends no hints for other paths, and assets with a long cache', async () => {
    expect((await fetch(`${base}/deployments`)).headers.get('link')).toBeNull();
    const asset = await fetch(`${base}/assets/LandingPage-abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('serves a showcase clip as video/webm', async () => {
    const res = await fetch(`${base}/media/showcase-agents.webm`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
  });

  it('answers 404, not the app, for a missing file or any unknown path with a file extension', async () => {
    for (const p of ['/videos/showcase-agents.webm', '/robots.txt', '/favicon.ico', '/a/b.php']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/plain/);
    }
    expect((await fetch(`${base}/no-such-page`)).status).toBe(200);
  });
});
