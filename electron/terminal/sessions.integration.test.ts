import type { Clock } from '../../server/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushPayloads } from '../../shared/desktop/ipc';
import { until } from '../../test/support/clock';
import { createRunningDeployment } from '../../test/support/running-deployment';
import { useTestServer, type SuiteServerOptions } from '../../test/support/suite-server';
import { createLocalShell } from './local-shell';
import { createTerminalSessions, type TerminalPush } from './sessions';

type Pushed = { [C in keyof PushPayloads]: { channel: C; payload: PushPayloads[C] } }[keyof PushPayloads];

function recorder() {
  const pushed: Pushed[] = [];
  const send: TerminalPush = (channel, payload) => void pushed.push({ channel, payload } as Pushed);
  const output = (id: string) =>
    pushed
      .filter((p) => p.channel === 'terminal:data' && p.payload.id === id)
      .map((p) => (p.payload as PushPayloads['terminal:data']).data)
      .join('');
  const ended = (id: string) => pushed.find((p) => p.channel === 'terminal:end' && p.payload.id === id)?.payload as PushPayloads['terminal:end'] | undefined;
  const waitFor = (id: string, pattern: RegExp) => until(`${pattern} in terminal ${id}`, async () => pattern.test(output(id)), 90_000, 50);
  return { pushed, send, output, ended, waitFor };
}

/**
 * A test server (its cleanup deletes the local machines), the user's token, and a running trial VM
 * named `name`, for the enclosing describe.
 */
function useRunningDeployment(name: string, opts: SuiteServerOptions = {}) {
  const { server, tokens } = useTestServer({}, { ...opts, signIn: ['user'] });
  const deployment = { id: '' };
  beforeAll(async () => {
    deployment.id = await createRunningDeployment(server, tokens.user, name);
  }, opts.timeout);
  return { server, tokens, deployment };
}

describe('terminal bridge in the main process, against the real server WebSocket', () => {
  const { server, tokens, deployment } = useRunningDeployment('desktop-terminal');

  it('streams a deployment shell by session id: input, output, resize, end', async () => {
    const r = recorder();
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => server.url, accessToken: async () => tokens.user });
    const { id } = await sessions.start(deployment.id, false);
    await r.waitFor(id, /[#$] $/);
    sessions.input(id, 'echo hi\r');
    await r.waitFor(id, /\rhi\r\n/);
    sessions.resize(id, 33, 101);
    sessions.input(id, 'stty size\r');
    await r.waitFor(id, /33 101/);
    sessions.close(id);
    expect(r.ended(id)).toEqual({ id, reason: 'closed by user' });
    expect(sessions.count()).toBe(0);
    expect(() => sessions.input(id, 'x')).toThrow('This terminal session has ended');
    // nothing pushed to the renderer carries the token
    expect(JSON.stringify(r.pushed)).not.toContain(tokens.user);
  });

  it('ends with the server reason when the token is refused, and refuses to start signed out', async () => {
    const r = recorder();
    const refused = createTerminalSessions({ send: r.send, serverUrl: () => server.url, accessToken: async () => 'not-a-token' });
    const { id } = await refused.start(deployment.id, false);
    await until('end', async () => r.ended(id));
    expect(r.ended(id)?.reason).toMatch(/^Unauthorized/);

    const signedOut = createTerminalSessions({ send: r.send, serverUrl: () => server.url, accessToken: async () => undefined });
    await expect(signedOut.start(deployment.id, false)).rejects.toThrow('Sign in to open a terminal');
  });

  it('opens in the team the renderer names (issue 34): a team the user is not in is refused', async () => {
    const r = recorder();
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => server.url, accessToken: async () => tokens.user });
    const { id } = await sessions.start(deployment.id, false, '11111111-2222-4333-8444-555555555555');
    await until('end', async () => r.ended(id));
    expect(r.ended(id)?.reason).toContain('not a member of this team');
  });
});

describe('local terminal (node-pty)', () => {
  it('runs a real shell on this computer: input, output, resize, exit', async () => {
    const r = recorder();
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => 'http://unused', accessToken: async () => undefined, spawnShell: createLocalShell() });
    const { id } = await sessions.startLocal({ rows: 24, cols: 80 });
    sessions.input(id, 'echo local-$((40+2))\r');
    await r.waitFor(id, /local-42/);
    sessions.resize(id, 40, 120);
    sessions.input(id, 'stty size\r');
    await r.waitFor(id, /40 120/);
    sessions.input(id, 'exit 3\r');
    await until('exit', async () => r.ended(id));
    expect(r.ended(id)?.reason).toBe('The shell exited with code 3');
  }, 120_000);

  it.each([
    ['no shell at all', undefined],
    ['node-pty that cannot load', createLocalShell(() => Promise.reject(new Error('NODE_MODULE_VERSION 127 does not match 133')))],
  ])('says so with %s, and nothing else breaks', async (_case, spawnShell) => {
    const sessions = createTerminalSessions({ send: () => undefined, serverUrl: () => 'http://unused', accessToken: async () => undefined, spawnShell });
    await expect(sessions.startLocal({ rows: 24, cols: 80 })).rejects.toMatchObject({ code: 'unsupported', message: expect.stringContaining('A local terminal is not available on this computer') });
    expect(sessions.count()).toBe(0);
  });

  it('loads node-pty once, on the first local terminal', async () => {
    let loads = 0;
    const spawnShell = createLocalShell(async () => {
      loads++;
      return import('node-pty');
    });
    expect(loads).toBe(0);
    const sessions = createTerminalSessions({ send: () => undefined, serverUrl: () => 'http://unused', accessToken: async () => undefined, spawnShell });
    const [a, b] = await Promise.all([sessions.startLocal({ rows: 24, cols: 80 }), sessions.startLocal({ rows: 24, cols: 80 })]);
    expect(loads).toBe(1);
    sessions.close(a.id);
    sessions.close(b.id);
  });
});

describe('desktop terminal when the sign-in expires', () => {
  const clock: Clock & { offsetMs: number } = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  const { server, tokens, deployment } = useRunningDeployment('desktop-expiry', { clock, terminal: { checkMs: 200 }, timeout: 90_000 });

  it("reconnects with main's fresh token to the same shell, with a clean screen before the replay", async () => {
    const r = recorder();
    let fetched = 0;
    // The second token asked for is the reconnect's: the clock comes back then, so the new socket
    // does not meet the moved clock at the server's next check (every 200 ms).
    const accessToken = async () => {
      if (++fetched === 2) clock.offsetMs = 0;
      return tokens.user;
    };
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => server.url, accessToken, now: () => clock.now().getTime() });
    const { id } = await sessions.start(deployment.id, false);
    await r.waitFor(id, /[#$] $/);
    sessions.input(id, 'export MARK=kept; echo SET-$((40+2))\r');
    await r.waitFor(id, /SET-42/);
    // Only a socket that lived a while (5 s) reconnects, never in a loop: the moved clock says 11 minutes.
    clock.offsetMs = 11 * 60_000;
    await r.waitFor(id, new RegExp(String.fromCharCode(27) + 'c'));
    sessions.input(id, 'echo "MARK=[$MARK]"\r');
    await r.waitFor(id, /MARK=\[kept\]/);
    expect(fetched).toBe(2);
    expect(r.ended(id)).toBeUndefined();
    sessions.close(id);
  }, 60_000);
});
