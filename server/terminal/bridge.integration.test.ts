import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import type { Provider } from '../deployments/providers/types';
import { ProviderError } from '../deployments/providers/types';
import { insertDeployment } from '../deployments/queries';
import { manualClock, until } from '../../test/support/clock';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { closeCodes } from './protocol';
import { openTerminal, terminalUrl, type TerminalClient } from '../../test/support/terminal-client';
import { alive, hostPidOf, uniqueSeconds } from '../../test/support/host-processes';
import { createRunningDeployment } from '../../test/support/running-deployment';

/**
 * The reconnect grace period, long in real time: the grace ends when the test moves the server's
 * clock past it and runs the terminals' check (what the periodic check does every second), so a
 * slow machine neither ends a shell early nor keeps the test waiting.
 */
const graceMs = 60_000;

/** a local machine's shell prompt (helix@lp-…:~$) */
const prompt = /@lp-[0-9a-f]{12}:.*[#$] $/;

/** Local machines run a UI server that outlives the Launchpad server (like a VM): delete them. */
async function deleteAll(server: TestServer, token: string): Promise<void> {
  const mine = (await api(server, '/api/deployments', { token })).body as { id: string }[];
  for (const d of mine) await api(server, `/api/deployments/${d.id}`, { method: 'DELETE', token });
  await server.services.tasks.drain();
}

/** Runs a command and answers the value it printed after `NAME=`. */
async function value(term: TerminalClient, name: string, command: string): Promise<string> {
  const from = term.output().length;
  term.send(`${command}\r`);
  const pattern = new RegExp(`[\\r\\n]${name}=(\\d+)\\r\\n`);
  const out = await term.waitFor(pattern, { from });
  return pattern.exec(out)?.[1] ?? '';
}

describe('deployment terminal over WebSocket', () => {
  let server: TestServer;
  let user: string;
  let other: string;
  let id: string;
  const clock = manualClock();
  const open = (token: string, params: Record<string, string> = {}, deploymentId = id) => openTerminal(terminalUrl(server.url, deploymentId, token, params));
  /** Moves the clock past the grace period and checks: every detached shell ends. */
  const endGracePeriods = async () => {
    clock.advance(graceMs + 1);
    await server.terminals.check();
    await until('detached sessions gone', async () => server.terminals.stats().sessions === server.terminals.stats().connections, 20_000);
  };

  beforeAll(async () => {
    server = await startTestServer({}, { clock, terminal: { graceMs, openRetryMs: 100 } });
    [user, other] = await Promise.all([signIn(server, 'user@example.test', 'userpass').then((s) => s.accessToken), signIn(server, 'other@example.test', 'otherpass').then((s) => s.accessToken)]);
    id = await createRunningDeployment(server, user, 'terminal-test');
  });
  afterAll(async () => {
    if (user) await deleteAll(server, user);
    await server?.cleanup();
  });

  it('connects to a shell with a prompt and runs what is typed', async () => {
    const term = await open(user);
    await term.waitFor(/@lp-[0-9a-f]{12}:.*[#$] $/);
    term.send('echo $((6*7))\r');
    await term.waitFor(/\r42\r\n/);
    expect(server.terminals.stats()).toMatchObject({ sessions: 1, connections: 1, detached: 0 });
    await term.close();
  });

  it('applies a 4-byte resize frame to the pty, clamped to 1..1000', async () => {
    const term = await open(user);
    term.resize(33, 101);
    term.send('stty size\r');
    await term.waitFor(/\r33 101\r\n/);
    term.resize(0, 5000);
    term.send('stty size\r');
    await term.waitFor(/\r1 1000\r\n/);
    term.resize(24, 80);
    await term.close();
  });

  it('ignores binary frames that are not a resize', async () => {
    const term = await open(user);
    for (const size of [0, 1, 3, 5, 17, 4096]) term.ws.send(Buffer.from(Array.from({ length: size }, (_, i) => (i * 37 + size) & 0xff)));
    term.send('echo still-$((40+2))\r');
    await term.waitFor('still-42');
    expect(term.ws.readyState).toBe(term.ws.OPEN);
    await term.close();
  });

  it('closes with 4401 for a missing or invalid token', async () => {
    const bad = await open('not-a-token');
    expect(await bad.closed).toMatchObject({ code: closeCodes.unauthorized, reason: expect.stringMatching(/^Unauthorized: /) });
    const none = await openTerminal(`${server.url.replace(/^http/, 'ws')}/api/deployments/${id}/terminal`);
    expect((await none.closed).code).toBe(closeCodes.unauthorized);
  });

  it("closes with 4404 for another user's deployment and for unknown ones", async () => {
    const theirs = await open(other);
    expect(await theirs.closed).toEqual({ code: closeCodes.notFound, reason: 'Deployment not found' });
    const unknown = await open(user, {}, '00000000-0000-4000-8000-000000000000');
    expect((await unknown.closed).code).toBe(closeCodes.notFound);
  });

  it('closes with 4409 while the deployment has no machine', async () => {
    const [owner] = await server.deps.db.select().from(users).where(eq(users.email, 'user@example.test'));
    const { row } = await insertDeployment(server.deps.db, { userId: owner?.id ?? '', name: 'no-machine', typeId: 'trial_vm_hetzner', provider: 'local', status: 'pending' });
    const term = await open(user, {}, row.id);
    expect(await term.closed).toEqual({ code: closeCodes.noMachine, reason: 'The deployment has no machine yet' });
  });

  it('refuses other upgrade paths with a 404', async () => {
    const base = server.url.replace(/^http/, 'ws');
    await expect(openTerminal(`${base}/api/deployments/not-a-uuid/terminal?token=${user}`)).rejects.toThrow('upgrade refused with 404');
    await expect(openTerminal(`${base}/api/deployments?token=x`)).rejects.toThrow('upgrade refused with 404');
  });

  it('closes with 1009 on a frame over the size limit, and 1007 on invalid UTF-8 text', async () => {
    const big = await open(user);
    await big.waitFor(prompt);
    big.send('x'.repeat(70 * 1024));
    expect((await big.closed).code).toBe(1009);
    const garbled = await open(user);
    await garbled.waitFor(prompt);
    garbled.ws.send(Buffer.from([0x65, 0xff, 0xfe, 0x0d]), { binary: false });
    expect((await garbled.closed).code).toBe(1007);
  });

  it('a reconnect within the grace period replays the recent output and continues the same shell', async () => {
    const first = await open(user);
    const pid = await value(first, 'PID', 'echo PID=$$; echo before-$((1+1))');
    await first.waitFor('before-2');
    await first.close();
    await until('detached', async () => server.terminals.stats().detached === 1);

    const second = await open(user);
    // The replay arrives before anything is typed.
    await second.waitFor('before-2', { timeoutMs: 3000 });
    expect(await value(second, 'PID', 'echo PID=$$')).toBe(pid);
    expect(server.terminals.stats()).toMatchObject({ sessions: 1, detached: 0 });
    await second.close();
  });

  it('a second socket to the same terminal takes it over', async () => {
    const first = await open(user);
    await first.waitFor(prompt);
    const second = await open(user);
    expect(await first.closed).toEqual({ code: closeCodes.replaced, reason: 'Terminal opened in another window' });
    second.send('echo taken-$((2+2))\r');
    await second.waitFor('taken-4');
    await second.close();
  });

  it('kills the shell and its jobs once the grace period is over', async () => {
    // End the sessions left by earlier tests.
    await endGracePeriods();
    expect(server.terminals.stats().sessions).toBe(0);
    const term = await open(user);
    const seconds = uniqueSeconds();
    await value(term, 'JOB', `export SHELL_TAG=first; sleep ${seconds} & echo JOB=$!`);
    const job = await until('job on the host', async () => hostPidOf(seconds));
    await term.close();
    await until('detached', async () => server.terminals.stats().detached === 1);
    // Within the grace period the shell waits for a reconnect.
    clock.advance(graceMs - 1000);
    await server.terminals.check();
    expect(alive(job)).toBe(true);
    expect(server.terminals.stats()).toMatchObject({ sessions: 1, detached: 1 });
    clock.advance(1001);
    await server.terminals.check();
    await until('shell and job gone', async () => !alive(job) && server.terminals.stats().sessions === 0, 20_000);
    expect(server.terminals.stats()).toEqual({ sessions: 0, detached: 0, throttled: 0, connections: 0 });

    // A new connection gets a new shell.
    const next = await open(user);
    const from = next.output().length;
    next.send('echo "TAG=[${SHELL_TAG:-none}]"\r');
    expect(await next.waitFor('TAG=[none]', { from })).toContain('TAG=[none]');
    await next.close();
  });

  it('ends the session when the shell exits', async () => {
    const term = await open(user);
    await term.waitFor(prompt);
    term.send('exit 3\r');
    expect(await term.closed).toEqual({ code: 1000, reason: 'Shell exited with code 3' });
    expect(server.terminals.stats().sessions).toBe(0);
  });

  it('keeps trying a machine that refuses connections while it boots, and types what was sent meanwhile', async () => {
    expect(server.terminals.stats().sessions).toBe(0);
    const providers = server.services.deployments.providers;
    const byName = providers.byName;
    let refusals = 3;
    providers.byName = (name) => {
      const real = byName(name);
      if (!real) return real;
      const flaky: Provider = {
        ...real,
        async openShell(target, opts) {
          if (refusals-- > 0) throw new ProviderError('SSH to root@127.0.0.1:22 failed: connect ECONNREFUSED', undefined, true);
          return real.openShell(target, opts);
        },
      };
      return flaky;
    };
    try {
      const term = await open(user);
      await term.waitFor('Waiting for the machine to accept connections (SSH to root@127.0.0.1:22 failed: connect ECONNREFUSED) ...');
      term.resize(31, 99);
      term.send('stty size; echo up-$((1+1))\r');
      await term.waitFor(/\r31 99\r\nup-2\r\n/);
      expect(refusals).toBe(-1);
      await term.close();

      // Anything else is reported at once.
      refusals = 0;
      providers.byName = (name) => {
        const real = byName(name);
        return real && { ...real, openShell: () => Promise.reject(new ProviderError('deployment has no SSH key')) };
      };
      await endGracePeriods();
      const failing = await open(user);
      expect(await failing.closed).toEqual({ code: closeCodes.internal, reason: 'Could not open a shell: deployment has no SSH key' });
    } finally {
      providers.byName = byName;
    }
  });

  it('follow=install prints the install log through "Cloud-init … finished", then a prompt', async () => {
    const term = await open(user, { follow: 'install' });
    const out = await term.waitFor(/Cloud-init v\. [\d.]+ finished at[^\n]*\n[\s\S]*@lp-[0-9a-f]{12}:.*[#$] $/);
    expect(out).toMatch(/^Cloud-init v\. [\d.]+ running 'init'/);
    expect(out).toContain('==> Preparing Helix');
    term.send('echo $((6*7))\r');
    await term.waitFor(/\r42\r\n/);
    await term.close();
  });

  it('holds the shell back while the socket is behind, and delivers everything after', async () => {
    const term = await open(user);
    await term.waitFor(prompt);
    const from = term.output().length;
    // Stop reading on the client: the server's send buffer fills and the shell is paused.
    const socket = (term.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    term.send("head -c 24000000 /dev/zero | tr '\\0' x; echo; echo END-$((3*3))\r");
    await until('throttled', async () => server.terminals.stats().throttled === 1, 15_000, 50);
    socket.resume();
    const out = await term.waitFor('END-9', { from, timeoutMs: 30_000 });
    expect(out.length).toBeGreaterThan(24_000_000);
    expect(out.indexOf('END-9')).toBeGreaterThan(out.lastIndexOf('xxxx'));
    expect(server.terminals.stats().throttled).toBe(0);
    await term.close();
  }, 60_000);
});

describe('terminal logging and shutdown', () => {
  it('never logs the token, and closing the server kills its shells', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: sink });
    let pid = 0;
    try {
      const token = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
      const id = await createRunningDeployment(server, token, 'logged');
      const term = await openTerminal(terminalUrl(server.url, id, token));
      const seconds = uniqueSeconds();
      await value(term, 'JOB', `sleep ${seconds} & echo JOB=$!`);
      pid = await until('job on the host', async () => hostPidOf(seconds));
      const bad = await openTerminal(terminalUrl(server.url, id, `${token.slice(0, -4)}AAAA`));
      expect((await bad.closed).code).toBe(closeCodes.unauthorized);
      await term.close();

      const terminalLines = lines.filter((l) => l.includes('"component":"terminal"'));
      expect(terminalLines.some((l) => l.includes('terminal connected') && l.includes('token=[redacted]'))).toBe(true);
      expect(terminalLines.some((l) => l.includes('terminal disconnected'))).toBe(true);
      expect(terminalLines.some((l) => l.includes('terminal refused'))).toBe(true);
      expect(lines.join('\n')).not.toContain(token.slice(0, 40));
      await deleteAll(server, token);
    } finally {
      await server.cleanup();
    }
    expect(pid).toBeGreaterThan(1);
    await until('shell gone after shutdown', async () => !alive(pid), 20_000);
    // A server, a machine and two shells: on a busy machine that is more than the default 30 s.
  }, 120_000);
});
