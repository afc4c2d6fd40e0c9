import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { Clock } from '../../../server/clock';
import { until } from '../../../test/support/clock';
import { api } from '../../../test/support/api-client';
import { deleteLocalMachines, startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';
import { webPlatform } from './index';

/**
 * The web terminal against a real server: a socket closed because its token expired reopens with
 * a fresh token and the same shell carries on; a deleted deployment's reason is reported.
 */
describe('web terminal connection', () => {
  let server: TestServer;
  let token: string;
  let id: string;
  const clock: Clock & { offsetMs: number } = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

  beforeAll(async () => {
    server = await startTestServer({}, { clock, terminal: { checkMs: 200 } });
    token = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
    const res = await api(server, '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name: 'web-terminal', timeoutMins: null } });
    id = (res.body as { id: string }).id;
    await until('running', async () => ((await api(server, `/api/deployments/${id}`, { token })).body as { status: string }).status === 'running', 60_000);
    // The renderer's globals, on this server (undone after the file: workers run several files).
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: new URL(server.url).host } });
  }, 90_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    if (!server) return;
    await server.services.tasks.drain();
    await deleteLocalMachines(server);
    await server.cleanup();
  });

  it('reconnects with a fresh token when the sign-in expired, then reports the deletion', async () => {
    let out = '';
    const events: string[] = [];
    let reportClose: (reason: string) => void = () => undefined;
    const closed = new Promise<string>((resolve) => (reportClose = resolve));
    const connection = webPlatform.openTerminal(
      id,
      token,
      { onOpen: () => events.push('open'), onData: (d) => (out += d), onError: () => events.push('error'), onClose: reportClose },
      // Asking for a fresh token is when the clock comes back: the reconnected socket must not meet
      // the moved clock at the server's next check (every 200 ms), however long the reconnect takes.
      {
        freshToken: async () => {
          clock.offsetMs = 0;
          return token;
        },
        now: () => clock.now().getTime(),
      },
    );
    await until('prompt', async () => /[#$] $/.test(out));
    connection.send('export MARK=kept; echo SET-$((40+2))\r');
    await until('mark', async () => out.includes('SET-42'));
    // Only a connection open for a while (5 s) reconnects, no loop on a token that is already stale:
    // the moved clock says it has been open 11 minutes.
    clock.offsetMs = 11 * 60_000;
    await until('reset written', async () => out.includes('\x1bc'), 20_000, 20);
    connection.send('echo "MARK=[$MARK]"\r');
    await until('same shell', async () => out.includes('MARK=[kept]'));
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await closed).toBe('Deployment deleted');
    expect(events).toEqual(['open']);
  }, 60_000);
});
