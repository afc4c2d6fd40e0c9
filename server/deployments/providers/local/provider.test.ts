import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installFinishedPattern, type MachineTarget } from '../types';
import { createLocalProvider } from './provider';
import { alive } from '../../../../test/support/host-processes';

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

function hostPidsRunning(cmdline: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        return fs.readFileSync(`/proc/${n}/cmdline`, 'utf8').startsWith(cmdline);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('local provider', () => {
  const provider = createLocalProvider({ rootDir: root, productName: 'Helix' });
  const spec = {
    deploymentId: 'd-1',
    hostname: 'lp-test1',
    typeId: 'trial_vm_hetzner',
    gpu: false,
    version: '2.12.2',
    sshPublicKey: 'ssh-ed25519 AAAA test',
    labels: { launchpad: 'true' },
  };
  const target: MachineTarget = { deploymentId: 'd-1', serverId: 'lp-test1', ipv4: '127.0.0.1', sshPrivateKey: null };

  it('labels a machine with its deployment before the slow steps, so no reconciler takes it for an orphan mid-create', async () => {
    const creating = provider.create({ ...spec, deploymentId: 'd-early', hostname: 'lp-early1' });
    expect((await provider.listOwned()).find((m) => m.serverId === 'lp-early1')?.deploymentId).toBe('d-early');
    await creating;
    await provider.delete('lp-early1');
  });

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
    expect(out).toContain('helix@lp-test1');
    shell.kill();
  });

  it('follows the install log to its finished line, then continues as the shell', async () => {
    const shell = await provider.openShell(target, { rows: 24, cols: 80, followInstall: true });
    let out = '';
    shell.onData((d) => (out += d));
    await until(async () => /Cloud-init.*finished/.test(out) && out.includes('helix@lp-test1'));
    expect(out).toContain('Preparing Helix 2.12.2 on lp-test1');
    shell.write('echo $((6*7))\n');
    await until(async () => out.includes('42'));
    shell.kill();
  });

  it('streams a log that is still being written, and Ctrl-C skips to the shell', async () => {
    const log = path.join(root, 'lp-test1', 'disk', 'cloud-init-output.log');
    const saved = fs.readFileSync(log);
    try {
      fs.writeFileSync(log, 'Cloud-init v. 24.1 running\nstep one\n');
      const shell = await provider.openShell(target, { rows: 24, cols: 80, followInstall: true });
      let out = '';
      shell.onData((d) => (out += d));
      await until(async () => out.includes('step one'));
      fs.appendFileSync(log, 'step two\nCloud-init v. 24.1 finished at now\nafter the end\n');
      await until(async () => out.includes('finished at now') && out.includes('helix@lp-test1'));
      expect(out).not.toContain('after the end');
      shell.kill();

      fs.writeFileSync(log, 'Cloud-init v. 24.1 running\nstuck\n');
      const stuck = await provider.openShell(target, { rows: 24, cols: 80, followInstall: true });
      let out2 = '';
      stuck.onData((d) => (out2 += d));
      await until(async () => out2.includes('stuck'));
      stuck.write('\x03');
      await until(async () => out2.includes('helix@lp-test1'));
      stuck.kill();
    } finally {
      fs.writeFileSync(log, saved);
    }
  });

  it('kill ends the shell with its jobs, and pause holds its output back', async () => {
    const shell = await provider.openShell(target, { rows: 24, cols: 80 });
    let out = '';
    shell.onData((d) => (out += d));
    const exited = new Promise<number | null>((resolve) => shell.onExit(resolve));
    shell.write('sleep 987654 & echo "JOB=$!"\n');
    await until(async () => /JOB=(\d+)/.exec(out));
    // The machine has a pid namespace of its own: find the job among the host's processes.
    const job = await until(async () => hostPidsRunning('sleep\u0000987654')[0]);
    shell.pause?.();
    const before = out.length;
    shell.write('echo paused-output\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(out.length).toBe(before);
    shell.resume?.();
    await until(async () => out.includes('paused-output'));
    shell.kill();
    await exited;
    await until(async () => !alive(job));
  });

  it.runIf(process.getuid?.() === 0)("after a host restart (its group and disk gone), the machine's next command makes them again", async () => {
    if (provider.sandbox.limits !== 'machine') throw new Error('root here should limit machines as a whole');
    const machineDir = path.join(root, 'lp-test1');
    const groups = fs.readFileSync(path.join(machineDir, 'cgroups'), 'utf8').split('\n');
    const pids = () => groups.flatMap((dir) => fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number));
    for (const pid of new Set(pids())) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await until(async () => pids().length === 0);
    for (const dir of groups) fs.rmdirSync(dir);
    execFileSync('umount', [path.join(machineDir, 'disk')]);
    expect(fs.existsSync(path.join(machineDir, 'disk', 'home'))).toBe(false);

    const res = await provider.exec(target, 'head -c 19 ~/bootstrap.sh; echo; cat /proc/self/cgroup | head -1');
    expect(res.output).toContain('#!/usr/bin/env bash');
    for (const dir of groups) expect(fs.existsSync(dir), dir).toBe(true);
  });

  it('delete stops the UI server and removes the folder, its control group and its disk, and can be repeated', async () => {
    const url = await provider.uiUrl(target);
    const machineDir = path.join(root, 'lp-test1');
    const groups = provider.sandbox.limits === 'machine' ? fs.readFileSync(path.join(machineDir, 'cgroups'), 'utf8').split('\n') : [];
    if (provider.sandbox.limits === 'machine') {
      expect(groups.length).toBeGreaterThan(0);
      for (const dir of groups) expect(fs.existsSync(dir), dir).toBe(true);
      expect(fs.readFileSync('/proc/self/mountinfo', 'utf8')).toContain(path.join(machineDir, 'disk'));
    }
    await provider.delete('lp-test1');
    for (const dir of groups) expect(fs.existsSync(dir), dir).toBe(false);
    expect(fs.readFileSync('/proc/self/mountinfo', 'utf8')).not.toContain(machineDir);
    expect(fs.existsSync(path.join(root, 'lp-test1'))).toBe(false);
    expect((await provider.get('lp-test1')).state).toBe('missing');
    await until(async () =>
      fetch(url ?? '').then(
        () => false,
        () => true,
      ),
    );
    await provider.delete('lp-test1');
  });
});

describe('two Launchpads on one host (separate data folders)', () => {
  const roots = [fs.mkdtempSync(path.join(os.tmpdir(), 'lp-local-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'lp-local-b-'))];
  const [a, b] = roots.map((rootDir) => createLocalProvider({ rootDir, productName: 'Helix' }));
  const twin = (deploymentId: string) => ({
    deploymentId,
    hostname: 'lp-twin',
    typeId: 'trial_vm_hetzner',
    gpu: false,
    version: '2.12.2',
    sshPublicKey: 'ssh-ed25519 AAAA test',
    labels: {},
  });
  const target = (deploymentId: string): MachineTarget => ({ deploymentId, serverId: 'lp-twin', ipv4: '127.0.0.1', sshPrivateKey: null });
  afterAll(async () => {
    await a?.delete('lp-twin');
    await b?.delete('lp-twin');
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  it("never share a machine uid: deleting one instance's machine leaves the other's running", async () => {
    if (!a || !b) throw new Error('two providers');
    await a.create(twin('d-a'));
    await b.create(twin('d-b'));
    const uidFile = (root: string | undefined) => path.join(root ?? '', 'lp-twin', 'uid');
    if (process.getuid?.() === 0) expect(fs.readFileSync(uidFile(roots[0]), 'utf8')).not.toBe(fs.readFileSync(uidFile(roots[1]), 'utf8'));
    const urlB = await until(() => b.uiUrl(target('d-b')));
    await until(() =>
      fetch(urlB).then(
        (r) => r.ok,
        () => false,
      ),
    );
    await a.delete('lp-twin');
    // Processes of the deleted machine's uid are ended; the other instance's UI still answers.
    expect(await (await fetch(urlB)).text()).toContain('Helix is running');
  });
});

describe('a host that cannot limit a machine as a whole (no writable cgroups, not root)', () => {
  const user = { isAdmin: false };
  const admin = { isAdmin: true };
  const rootDir = path.join(root, 'no-limits');

  it('LOCAL_MACHINE_LIMITS=machine (default): only administrators may start local machines, and users read why', () => {
    const provider = createLocalProvider({ rootDir, productName: 'Helix', sandbox: { want: 'bwrap', hostLimits: 'none' } });
    expect(provider.sandbox).toMatchObject({ mode: 'bwrap', limits: 'per-process' });
    expect(provider.admits?.(user)).toBe(
      "Local machines cannot be started here: this server cannot limit a machine's memory, processes and disk as a whole (machine limits are off). Only an administrator can start local machines here.",
    );
    expect(provider.admits?.(admin)).toBeUndefined();
    expect(createLocalProvider({ rootDir, productName: 'Helix', singleUser: true, sandbox: { want: 'bwrap', hostLimits: 'none' } }).admits?.(user)).toBeUndefined();
  });

  it('LOCAL_MACHINE_LIMITS=per-process: everyone may, and each process is limited instead (address space)', async () => {
    const provider = createLocalProvider({ rootDir, productName: 'Helix', sandbox: { want: 'bwrap', hostLimits: 'none', limits: 'per-process', memoryMb: 1024 } });
    expect(provider.admits?.(user)).toBeUndefined();
    const spec = { deploymentId: 'd-p', hostname: 'lp-perproc', typeId: 'trial_vm_hetzner', gpu: false, version: '2.12.2', sshPublicKey: 'ssh-ed25519 AAAA test', labels: {} };
    await provider.create(spec);
    try {
      expect(fs.existsSync(path.join(rootDir, 'lp-perproc', 'cgroups'))).toBe(false);
      const res = await provider.exec({ deploymentId: 'd-p', serverId: 'lp-perproc', ipv4: '127.0.0.1', sshPrivateKey: null }, 'ulimit -v; grep Seccomp: /proc/self/status');
      expect(res.output).toMatch(/^1048576\n/);
      expect(res.output).toMatch(/Seccomp:\s+2/);
    } finally {
      await provider.delete('lp-perproc');
    }
  });
});
