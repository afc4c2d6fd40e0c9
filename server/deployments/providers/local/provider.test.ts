import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installFinishedPattern, type MachineTarget } from '../types';
import { createLocalProvider } from './provider';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-local-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('local provider', () => {
  const provider = createLocalProvider({ rootDir: root, productName: 'Helix' });
  const spec = { deploymentId: 'd-1', hostname: 'lp-test1', configId: 'trial_vm_hetzner', gpu: false, version: '2.12.2', sshPublicKey: 'ssh-ed25519 AAAA test', userData: '', labels: { launchpad: 'true' } };
  const target: MachineTarget = { deploymentId: 'd-1', serverId: 'lp-test1', ipv4: '127.0.0.1', sshPrivateKey: null };

  it('runs a real bootstrap whose log ends with Cloud-init finished, and serves a UI', async () => {
    const machine = await provider.create(spec);
    expect(machine).toMatchObject({ state: 'running', ipv4: '127.0.0.1', deploymentId: 'd-1' });
    const log = await until(async () => {
      const l = await provider.installLog(target);
      return l && installFinishedPattern.test(l) ? l : null;
    });
    expect(log).toContain('Preparing Helix 2.12.2 on lp-test1');
    const url = await until(() => provider.uiUrl(target));
    const page = await (await fetch(url)).text();
    expect(page).toContain('Helix is running');
    expect((await provider.listOwned()).map((m) => m.deploymentId)).toContain('d-1');
  });

  it('runs commands and an interactive shell in the machine folder', async () => {
    const res = await provider.exec(target, 'echo hello && cat config/helix.env | head -1');
    expect(res).toEqual({ code: 0, output: 'hello\nVERSION=2.12.2\n' });
    const shell = await provider.openShell(target, { rows: 24, cols: 80 });
    let out = '';
    shell.onData((d) => (out += d));
    shell.write('echo $((6*7))\n');
    await until(async () => out.includes('42'));
    expect(out).toContain('root@lp-test1');
    shell.kill();
  });

  it('delete stops the UI server and removes the folder, and can be repeated', async () => {
    const url = await provider.uiUrl(target);
    await provider.delete('lp-test1');
    expect(fs.existsSync(path.join(root, 'lp-test1'))).toBe(false);
    expect((await provider.get('lp-test1')).state).toBe('missing');
    await until(async () => fetch(url ?? '').then(() => false, () => true));
    await provider.delete('lp-test1');
  });
});
