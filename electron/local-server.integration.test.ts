import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer } from './server-check';
import { startLocalServer } from './local-server';

describe('"Use a local server"', () => {
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-userdata-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>renderer</title>');
  afterAll(() => {
    fs.rmSync(userData, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  });

  it('starts the embedded server on a free localhost port with its data in userData, and passes the first-run check', async () => {
    const server = await startLocalServer({ userData, rendererRoot });
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(server.config.oidc.kind).toBe('embedded');
      expect(await checkServer(server.url)).toEqual({ url: server.url, productName: 'Helix' });
      expect(fs.existsSync(path.join(userData, 'server'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
