import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ProviderError, type MachineTarget, type ShellSession } from '../deployments/providers/types';
import { manualClock } from '../../test/support/clock';
import { openShellWhenReachable } from './open-shell';
import { defaultTerminalOptions } from './options';
import { createSessionRegistry, type ShellRequest } from './sessions';

const graceMs = 30_000;
const target: MachineTarget = { deploymentId: 'd1', serverId: 's1', ipv4: null, sshPrivateKey: null };

function fakeShell() {
  const shell = { killed: false, write() {}, resize() {}, onData() {}, onExit() {}, kill: () => void (shell.killed = true) };
  return shell satisfies ShellSession;
}

function registryWithOneShell() {
  const clock = manualClock();
  const shell = fakeShell();
  const sessions = createSessionRegistry({ logger: pino({ level: 'silent' }), clock, options: { ...defaultTerminalOptions, graceMs } });
  const request: ShellRequest = {
    userId: 'u1',
    accountId: 'u1',
    deploymentId: 'd1',
    kind: 'shell',
    credential: { via: 'token', expiresAt: undefined },
    provider: { openShell: async () => shell },
    target,
  };
  return { clock, shell, sessions, request };
}

describe('terminal sessions on the injected clock', () => {
  it('keeps a shell without a socket through its grace period, then ends it', async () => {
    const { clock, shell, sessions, request } = registryWithOneShell();
    const { session } = sessions.shellFor(request);
    await session.ready;

    clock.advance(graceMs - 1000);
    sessions.endGracePeriodsOver();
    expect(sessions.live()).toHaveLength(1);
    expect(sessions.shellFor(request)).toEqual({ session, resumed: true });

    clock.advance(1000);
    sessions.endGracePeriodsOver();
    expect(sessions.live()).toHaveLength(0);
    expect(shell.killed).toBe(true);
    expect(sessions.shellFor(request).resumed).toBe(false);
    sessions.endAll('test over');
  });

  it('stops trying a booting machine once the wait is over on the clock', async () => {
    const clock = manualClock();
    const refused = new ProviderError('connect ECONNREFUSED', undefined, true);
    let tries = 0;
    const notices: string[] = [];
    const opening = openShellWhenReachable({
      provider: {
        openShell: () => {
          tries++;
          return Promise.reject(refused);
        },
      },
      target,
      options: () => ({ rows: 24, cols: 80 }),
      clock,
      waitMs: 60_000,
      retryMs: 1,
      wanted: () => true,
      onWaiting: (notice) => {
        notices.push(notice);
        clock.advance(60_000);
      },
    });
    await expect(opening).rejects.toBe(refused);
    expect(tries).toBe(2);
    expect(notices).toEqual(['Waiting for the machine to accept connections (connect ECONNREFUSED) ...\r\n']);
  });
});
