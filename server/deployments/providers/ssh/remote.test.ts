import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../../../../test/support/fake-cloud/key-ring';
import { startFakeSshServer, type FakeSshServer } from '../../../../test/support/fake-cloud/ssh-server';
import { ProviderError, type MachineTarget } from '../types';
import { generateSshKeyPair, isValidPublicKey } from './keys';
import { createSshRemote } from './remote';

const ring = new KeyRing();
const allowed = generateSshKeyPair('launchpad-lp-remote');
const stranger = generateSshKeyPair('someone-else');
let server: FakeSshServer;

beforeAll(async () => {
  ring.add('k', allowed.publicKey);
  server = await startFakeSshServer(ring);
});
afterAll(() => server.close());

const target = (over: Partial<MachineTarget> = {}): MachineTarget => ({ deploymentId: 'd', serverId: '1', ipv4: '127.0.0.1', sshPrivateKey: allowed.privateKey, ...over });

async function closedPort() {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('ssh keys', () => {
  it('generates an OpenSSH ed25519 pair with the comment', () => {
    expect(allowed.publicKey).toMatch(/^ssh-ed25519 AAAA[\w+/=]+ launchpad-lp-remote$/);
    expect(allowed.privateKey).toContain('BEGIN OPENSSH PRIVATE KEY');
    expect(isValidPublicKey(allowed.publicKey)).toBe(true);
    expect(isValidPublicKey('ssh-ed25519 garbage')).toBe(false);
    expect(generateSshKeyPair('a b;c').publicKey.endsWith(' a-b-c')).toBe(true);
  });
});

// Each test makes SSH connections (key exchange, a shell): on a busy machine more than the default 30 s.
describe('ssh remote', { timeout: 120_000 }, () => {
  it('passes stdin-less commands, output and exit codes through', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    expect(await ssh.exec(target(), 'printf "a\\nb"; exit 7')).toEqual({ code: 7, output: 'a\nb' });
  });

  it('ends a command at its timeout with code null', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    // code null: ended by the timeout (the command itself would exit 0 after 20 s). What it printed
    // before is whatever a busy machine let through in the 300 ms: 'started', or nothing yet.
    const ended = await ssh.exec(target(), 'echo started; sleep 20', { timeoutMs: 300 });
    expect(ended.code).toBeNull();
    expect(['', 'started\n']).toContain(ended.output);
  });

  it('a key the machine does not know fails with a clear error', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    const err = await ssh.exec(target({ sshPrivateKey: stranger.privateKey }), 'true').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/^SSH to root@127\.0\.0\.1:\d+ failed: All configured authentication methods failed/);
  });

  it('a machine without address or key cannot be reached', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    await expect(ssh.exec(target({ ipv4: null }), 'true')).rejects.toThrow('has no public IPv4 address yet');
    await expect(ssh.exec(target({ sshPrivateKey: null }), 'true')).rejects.toThrow('has no SSH key');
  });

  it('a machine that refuses SSH (still booting) has no install log yet, but exec reports it', async () => {
    const ssh = createSshRemote({ sshPort: await closedPort(), sshConnectTimeoutMs: 2000 });
    expect(await ssh.installLog(target())).toBeNull();
    await expect(ssh.exec(target(), 'true')).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('ECONNREFUSED') });
  });

  it('a shell session reports its exit code', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    const shell = await ssh.openShell(target(), { rows: 24, cols: 80 });
    const code = new Promise<number | null>((resolve) => shell.onExit(resolve));
    shell.write('exit 5\n');
    expect(await code).toBe(5);
    shell.write('ignored after exit');
  });

  it('kill ends the shell with its jobs and closes the connection', async () => {
    const ssh = createSshRemote({ sshPort: server.port });
    // Connections of earlier tests close in the background.
    for (let i = 0; i < 100 && server.connections() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const before = server.connections();
    const shell = await ssh.openShell(target(), { rows: 24, cols: 80 });
    let out = '';
    shell.onData((d) => (out += d));
    shell.write('echo SHELL=$$; sleep 1000 & echo JOB=$!\n');
    const pid = async (name: string) => {
      for (let i = 0; i < 100; i++) {
        const found = new RegExp(`${name}=(\\d+)`).exec(out)?.[1];
        if (found) return Number(found);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${name}= in ${JSON.stringify(out)}`);
    };
    const [shellPid, jobPid] = [await pid('SHELL'), await pid('JOB')];
    // The fake server runs its shells on this machine: their pids are this machine's. A zombie is gone.
    const running = (p: number) => {
      try {
        return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${p}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    expect(running(shellPid) && running(jobPid)).toBe(true);
    expect(server.connections()).toBe(before + 1);
    const exited = new Promise<number | null>((resolve) => shell.onExit(resolve));
    shell.kill();
    await exited;
    for (let i = 0; i < 100 && (running(shellPid) || running(jobPid) || server.connections() > before); i++) await new Promise((r) => setTimeout(r, 20));
    expect({ shell: running(shellPid), job: running(jobPid), connections: server.connections() }).toEqual({ shell: false, job: false, connections: before });
  });

  it('a followInstall shell prints the install log up to its finished line, then is a login shell', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-remote-log-'));
    const log = path.join(dir, 'cloud-init-output.log');
    fs.writeFileSync(log, 'Cloud-init v. 24.1 running\ninstalling ü\n');
    try {
      const ssh = createSshRemote({ sshPort: server.port, installLogPath: log });
      const shell = await ssh.openShell(target(), { rows: 24, cols: 80, followInstall: true });
      let out = '';
      shell.onData((d) => (out += d));
      const until = async (what: () => boolean) => {
        // A login shell on this machine may wait up to 60 s for its profile's pyenv lock.
        for (let i = 0; i < 1500 && !what(); i++) await new Promise((r) => setTimeout(r, 100));
        expect(what()).toBe(true);
      };
      await until(() => out.includes('installing ü'));
      fs.appendFileSync(log, 'Cloud-init v. 24.1 finished at now\n');
      await until(() => out.includes('finished at now'));
      shell.write('echo $((6*7))\n');
      await until(() => out.includes('42'));
      const code = new Promise<number | null>((resolve) => shell.onExit(resolve));
      shell.write('exit 3\n');
      expect(await code).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
