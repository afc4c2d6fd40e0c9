import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsContract } from '../../../../shared/api/deployments';
import { defaultBrand } from '../../../../shared/brand';
import { until } from '../../../../test/support/clock';
import { api } from '../../../../test/support/api-client';
import { signInDefaultUsers } from '../../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../../test/support/server';
import { openTerminal, terminalUrl, type TerminalClient } from '../../../../test/support/terminal-client';
import { call, errorOf } from '../../../../test/support/typed-client';
import { useTestServer } from '../../../../test/support/suite-server';

const c = deploymentsContract(defaultBrand);

/**
 * A tenant's local machine must never reach the platform: these run what an attacker would type in
 * the machine's own terminal (real server, real WebSocket, real shell) and check each attempt fails.
 */

async function createRunning(server: TestServer, token: string, name: string): Promise<{ id: string; serverId: string }> {
  const { id } = await call(server, c.create, { body: { configId: 'trial_vm_hetzner', name, timeoutMins: null } }, { token });
  let serverId = '';
  await until(`${name} running`, async () => {
    const d = await call(server, c.get, { params: { id } }, { token });
    serverId = d.server_id ?? '';
    return d.status === 'running';
  });
  return { id, serverId };
}

/**
 * Runs a command in the terminal; answers its output and exit status. The command is framed by
 * markers printed with printf, so the printed markers differ from their echo in the typed line
 * (which the terminal may wrap anywhere) and the output is exactly what lies between them.
 */
async function run(term: TerminalClient, command: string): Promise<{ out: string; rc: number }> {
  const marker = `M${Math.random().toString(36).slice(2, 10)}`;
  const from = term.output().length;
  term.send(`printf 'B%s\\n' ${marker}; ${command}; printf 'E%s=%d\\n' ${marker} $?\r`);
  const out = await term.waitFor(new RegExp(`E${marker}=(\\d+)\\r\\n`), { from, timeoutMs: 15_000 });
  const rc = Number(new RegExp(`E${marker}=(\\d+)`).exec(out)?.[1]);
  const begin = out.indexOf(`B${marker}\r\n`) + `B${marker}\r\n`.length;
  const body = out.slice(begin, out.lastIndexOf(`E${marker}=`));
  // eslint-disable-next-line no-control-regex -- the shell's bracketed-paste switches
  return { out: body.replace(/\x1b\[\?2004[hl]/g, '').replace(/\r/g, ''), rc };
}

const memoryMb = 256;
const diskMb = 64;

/** the host side of the machine: its control group folders (from the server's records) */
const groupsOf = (dataDir: string, serverId: string) =>
  fs
    .readFileSync(path.join(dataDir, 'deployments', serverId, 'cgroups'), 'utf8')
    .split('\n')
    .filter(Boolean);
const readNumber = (file: string) => Number(fs.readFileSync(file, 'utf8').trim());

describe.runIf(process.platform === 'linux')('a local machine cannot touch the host', () => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  let mine: { id: string; serverId: string };
  let theirs: { id: string; serverId: string };
  let term: TerminalClient;
  let dataDir: string;

  beforeAll(async () => {
    // small machines keep the limit tests quick
    server = await startTestServer({ DATABASE_URL: '', LOCAL_MACHINE_MEMORY_MB: String(memoryMb), LOCAL_MACHINE_DISK_MB: String(diskMb), LOCAL_MACHINE_MAX_PROCESSES: '64' });
    dataDir = server.deps.config.dataDir;
    tokens = await signInDefaultUsers(server);
    expect(server.services.deployments.providers.local?.sandbox.mode, 'bubblewrap must be installed (README, .ci/run)').toBe('bwrap');
    expect(server.services.deployments.providers.local?.sandbox.limits, 'root with writable cgroups and loop devices (README "Local machines")').toBe('machine');
    [mine, theirs] = await Promise.all([createRunning(server, tokens.user, 'attacker'), createRunning(server, tokens.other, 'victim')]);
    term = await openTerminal(terminalUrl(server.url, mine.id, tokens.user));
    await term.waitFor(/@lp-[0-9a-f]{12}:.*\$ $/);
  });
  afterAll(async () => {
    await term?.close();
    await server?.cleanup();
  });

  it('id shows the unprivileged sandbox account, not the server user', async () => {
    const { out } = await run(term, 'id');
    expect(out).toMatch(/uid=1000\(helix\) gid=1000\(helix\)/);
    expect(out).not.toMatch(/uid=0\b/);
  });

  it('the data folder, its key files and database do not exist in the machine', async () => {
    for (const file of ['identity-keys.json', 'license-signing-key.pem', 'dev-users.json']) {
      // The keys and accounts live in the database now; a data folder from before may still hold these files.
      const abs = await run(term, `cat ${path.join(dataDir, file)}`);
      expect(abs.rc).not.toBe(0);
      expect(abs.out).toMatch(/No such file or directory/);
    }
    // The attack from the report: relative paths out of the machine's folder.
    for (const rel of ['../../identity-keys.json', '../../../identity-keys.json', '../identity-keys.json']) {
      const res = await run(term, `cat ${rel}`);
      expect(res.rc).not.toBe(0);
    }
    expect((await run(term, `ls ${dataDir}`)).rc).not.toBe(0);
    const found = await run(
      term,
      'find / -path /proc -prune -o \\( -name identity-keys.json -o -name license-signing-key.pem -o -name dev-users.json -o -name PG_VERSION \\) -print 2>/dev/null | head -5',
    );
    expect(found.out.trim()).toBe('');
  });

  it('the checkout (server code, configuration) does not exist in the machine', async () => {
    expect((await run(term, `ls ${process.cwd()}`)).rc).not.toBe(0);
    expect((await run(term, `cat ${path.join(process.cwd(), 'package.json')}`)).rc).not.toBe(0);
  });

  it('the server process cannot be seen, read or signalled', async () => {
    const pid = process.pid;
    expect((await run(term, `cat /proc/${pid}/environ`)).rc).not.toBe(0);
    expect((await run(term, `ls /proc/${pid}/root/`)).rc).not.toBe(0);
    const kill = await run(term, `kill -0 ${pid}`);
    expect(kill.rc).not.toBe(0);
    // Only the machine's own processes are visible (a pid namespace of its own).
    const ps = await run(term, 'ls /proc | grep -c "^[0-9]"');
    expect(Number(ps.out.trim())).toBeLessThan(10);
    expect(fs.existsSync(`/proc/${pid}`)).toBe(true);
  });

  it("another machine's folder and processes do not exist in the machine", async () => {
    expect(theirs.serverId).toMatch(/^lp-/);
    expect((await run(term, `ls ${path.join(dataDir, 'deployments', theirs.serverId)}`)).rc).not.toBe(0);
    expect((await run(term, 'ls /home')).out.trim()).toBe('helix');
    expect((await run(term, 'pgrep -fc ui-server')).out.trim()).toBe('0');
  });

  it('the host network (database, API) cannot be reached; the environment holds no secret', async () => {
    const port = new URL(server.url).port;
    for (const target of ['127.0.0.1/5432', `127.0.0.1/${port}`]) {
      const res = await run(term, `timeout 3 bash -c 'echo > /dev/tcp/${target}' 2>&1`);
      expect(res.rc, target).not.toBe(0);
    }
    const env = await run(term, 'env');
    expect(env.out).not.toMatch(/DATABASE_URL|STRIPE|SECRET|TOKEN|DATA_DIR|OIDC/);
  });

  it('writing outside its home and /tmp is refused; /usr is read-only', async () => {
    expect((await run(term, 'touch /usr/bin/evil')).rc).not.toBe(0);
    expect((await run(term, 'touch /etc/evil')).rc).not.toBe(0);
    expect((await run(term, 'touch ~/mine /tmp/mine')).rc).toBe(0);
  });

  it('limits per process: file size, open files', async () => {
    const limits = await run(term, 'ulimit -f; ulimit -n');
    const [file, nofile] = limits.out
      .trim()
      .split(/\r?\n/)
      .map((l) => l.trim());
    expect(Number(file)).toBeGreaterThan(0);
    expect(Number(nofile)).toBe(1024);
  });

  it('/dev and /dev/shm cannot hold more than a few MiB of host memory', async () => {
    const shm = await run(term, 'head -c 100M /dev/zero > /dev/shm/big; echo rc=$?; du -m /dev/shm/big; rm -f /dev/shm/big');
    expect(shm.out).toMatch(/No space left on device/);
    expect(Number(/^(\d+)\s/m.exec(shm.out)?.[1])).toBeLessThanOrEqual(16);
    expect((await run(term, 'head -c 1M /dev/zero > /dev/big')).rc).not.toBe(0);
    expect((await run(term, 'mkdir /dev/mine')).rc).not.toBe(0);
    // what a shell needs from /dev still works
    expect((await run(term, 'echo ok > /dev/null && head -c 4 /dev/urandom | wc -c')).out.trim()).toBe('4');
  });

  it('memory is limited for the machine as a whole: several processes together cannot exceed it', async () => {
    const three = await run(term, `for i in 1 2 3; do python3 -c 'import time; b = bytearray(100 << 20); time.sleep(1.5); print("held")' & done; wait`);
    expect(three.out.match(/^held$/gm)?.length ?? 0).toBeLessThan(3);
    const big = await run(term, 'python3 -c "b = bytearray(2 * 1024 ** 3); print(\'allocated\')"');
    expect(big.out).not.toContain('allocated');
    expect(big.rc).not.toBe(0);
    // the host's own count for the machine's group never went past the limit
    const memory = groupsOf(dataDir, mine.serverId).find((d) => fs.existsSync(path.join(d, 'memory.max_usage_in_bytes')) || fs.existsSync(path.join(d, 'memory.peak')))!;
    const peak = readNumber(path.join(memory, fs.existsSync(path.join(memory, 'memory.peak')) ? 'memory.peak' : 'memory.max_usage_in_bytes'));
    expect(peak).toBeGreaterThan(150 * 1024 * 1024);
    expect(peak).toBeLessThanOrEqual(memoryMb * 1024 * 1024);
    // the terminal still works afterwards
    expect((await run(term, 'echo alive')).out.trim()).toBe('alive');
  });

  it('processes and CPU are limited for the machine as a whole, in a group every process of it is in', async () => {
    const groups = groupsOf(dataDir, mine.serverId);
    const pids = groups.find((d) => fs.existsSync(path.join(d, 'pids.max')))!;
    expect(fs.readFileSync(path.join(pids, 'pids.max'), 'utf8').trim()).toBe('64');
    const cpu = groups.find((d) => fs.existsSync(path.join(d, 'cpu.max')) || fs.existsSync(path.join(d, 'cpu.cfs_quota_us')))!;
    const quota = fs.existsSync(path.join(cpu, 'cpu.max'))
      ? fs.readFileSync(path.join(cpu, 'cpu.max'), 'utf8').trim()
      : `${readNumber(path.join(cpu, 'cpu.cfs_quota_us'))} ${readNumber(path.join(cpu, 'cpu.cfs_period_us'))}`;
    expect(quota).toBe('100000 100000');
    // the UI server (started by the setup script) and this terminal's shell are both in it
    const inGroup = fs.readFileSync(path.join(pids, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
    const commands = inGroup.map((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    });
    expect(commands.some((c) => c.includes('ui-server.mjs'))).toBe(true);
    expect(commands.some((c) => c.includes('--rcfile'))).toBe(true);
    // a fork bomb stops at the machine's limit
    const bomb = await run(
      term,
      `python3 -c 'import os, signal, time
kids = []
try:
    while len(kids) < 200:
        pid = os.fork()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        kids.append(pid)
except OSError as e:
    print("stopped", len(kids), e.errno)
for k in kids:
    os.kill(k, signal.SIGKILL)
    os.waitpid(k, 0)'`,
    );
    const [, forked, errno] = /stopped (\d+) (\d+)/.exec(bomb.out) ?? [];
    expect(Number(forked)).toBeLessThan(64);
    expect(Number(errno)).toBe(11);
  });

  it('disk is limited for the machine as a whole, not per file', async () => {
    const df = await run(term, 'df -m --output=size ~ | tail -1');
    expect(Number(df.out.trim())).toBeLessThanOrEqual(diskMb);
    const two = await run(term, 'head -c 40M /dev/zero > ~/a && head -c 40M /dev/zero > ~/b; echo rc=$?; rm -f ~/a ~/b');
    expect(two.out).toMatch(/No space left on device/);
    expect(two.out).toMatch(/rc=[1-9]/);
    expect((await run(term, 'head -c 1M /dev/zero > ~/small && rm ~/small')).rc).toBe(0);
  });

  it('no nested user namespaces, and a seccomp filter denies what a shell never needs', async () => {
    expect((await run(term, 'unshare -Urn true')).rc).not.toBe(0);
    expect((await run(term, 'unshare -U true')).rc).not.toBe(0);
    expect((await run(term, 'unshare -n true')).rc).not.toBe(0);
    expect((await run(term, 'grep Seccomp: /proc/self/status')).out).toMatch(/Seccomp:\s+2/);
    expect((await run(term, 'mount -t tmpfs none ~ 2>&1')).rc).not.toBe(0);
    const keyctl = await run(
      term,
      `python3 -c 'import ctypes, platform; l = ctypes.CDLL(None, use_errno=True); r = l.syscall(250 if platform.machine() == "x86_64" else 219, 0, 0, 0, 0, 0); print(r, ctypes.get_errno())'`,
    );
    expect(keyctl.out.trim()).toBe('-1 1');
    // ordinary work is untouched
    expect((await run(term, '(sleep 0.1 & wait) && ls / > /dev/null && python3 -c "import threading; t = threading.Thread(target=print); t.start(); t.join()"')).rc).toBe(0);
  });

  it("the host's data path shows neither in /proc/self/mountinfo nor in /proc/1/cmdline", async () => {
    const mountinfo = await run(term, 'cat /proc/self/mountinfo');
    expect(mountinfo.out).toContain('/home/helix');
    expect(mountinfo.out).not.toContain(dataDir);
    expect(mountinfo.out).not.toContain(mine.serverId);
    const cmdline = await run(term, "tr '\\0' ' ' < /proc/1/cmdline; echo");
    expect(cmdline.out).toContain('bwrap');
    expect(cmdline.out).not.toContain(dataDir);
    expect(cmdline.out).not.toContain(mine.serverId);
    // nor in any file descriptor a process inherited
    expect((await run(term, 'ls -l /proc/self/fd /proc/1/fd 2>/dev/null')).out).not.toContain(dataDir);
  });

  it('the owner sees the UI on its host port and the install log, both written outside the machine', async () => {
    const d = await call(server, c.get, { params: { id: mine.id } }, { token: tokens.user });
    expect(await (await fetch(d.ui_url ?? '')).text()).toContain('is running');
    // The machine cannot rewrite the install log or the host's records of it.
    expect((await run(term, 'echo forged >> /var/log/cloud-init-output.log')).rc).not.toBe(0);
    const hostDir = path.join(dataDir, 'deployments', mine.serverId);
    // the pid, the pid namespace it is valid in and its start time (processes.ts): untouched by the machine
    expect(fs.readFileSync(path.join(hostDir, 'machine.pid'), 'utf8')).toMatch(/^\d+ pid:\[\d+\] \d+\n$/);
  });
});

describe('a host where no sandbox can be made (LOCAL_SANDBOX=none)', () => {
  const { server, tokens } = useTestServer({ LOCAL_SANDBOX: 'none' }, { signIn: 'all' });

  it('refuses local machines to users with a message that says why, and starts none', async () => {
    for (const configId of ['trial_vm_hetzner', 'gpu_instance_civo']) {
      const res = await api(server, '/api/deployments', { method: 'POST', token: tokens.user, body: { configId, name: 'no-sandbox', timeoutMins: null } });
      expect(res.status).toBe(403);
      expect(errorOf(res).error).toMatch(/^Local machines cannot be started here: this server cannot isolate them from itself \(LOCAL_SANDBOX is none\)/);
    }
    expect((await api(server, '/api/deployments', { token: tokens.user })).body).toEqual([]);
    expect(await server.services.deployments.providers.local?.listOwned()).toEqual([]);
  });

  it('names an unknown deployment type as such (400), not as a refused local machine', async () => {
    const res = await api(server, '/api/deployments', { method: 'POST', token: tokens.user, body: { configId: 'no_such_type', name: 'no-sandbox', timeoutMins: null } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Unknown deployment type no_such_type');
  });

  it('an administrator may still start one (their own host)', async () => {
    await createRunning(server, tokens.admin, 'admin-machine');
  });

  it('a single-user install (the desktop app) lets its user start them', async () => {
    const single = await startTestServer({ LOCAL_SANDBOX: 'none', LOCAL_SINGLE_USER: 'true' });
    try {
      const { user } = await signInDefaultUsers(single);
      await createRunning(single, user, 'desktop');
    } finally {
      await single.cleanup();
    }
  });
});
