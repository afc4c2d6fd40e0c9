import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as a real process (scripts/start.mjs, what it runs after the system check: the
 * compiled server that `npm run build` made, checked current): prints its URL and dev accounts and answers /healthz.
 */
describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts with everything embedded and prints where it is and how to sign in', async () => {
    const started = performance.now();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, RELEASES_URL: 'off', LOG_LEVEL: 'warn', DEV_USERS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 100_000);
        child.stdout.on('data', () => {
          const m = /running at (http:\/\/\S+)/.exec(out);
          if (m?.[1] && out.includes('admin@launchpad.local')) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
      });
      const res = await fetch(`${url}/healthz`);
      expect(res.status).toBe(200);
      process.stdout.write(`cold start to first 200 on /healthz: ${Math.round(performance.now() - started)} ms\n`);
      expect(out).toMatch(/user@launchpad\.local\s+password: \S+/);
      // the passwords are kept in the database (every instance knows the same ones), not in a file
      expect(fs.existsSync(path.join(dataDir, 'dev-users.json'))).toBe(false);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    // a start that must build the renderer first (its sources changed since the last build) on a busy machine
  }, 120_000);
});
