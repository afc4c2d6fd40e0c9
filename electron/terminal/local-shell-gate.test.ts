import { describe, expect, it, vi } from 'vitest';
import { wrapHandler } from '../ipc/handle';
import { isNavigationAllowed } from '../security';
import { createLocalShellGate, localShellQuestion } from './local-shell-gate';

const embedded = 'http://127.0.0.1:41234';
const remote = 'https://launchpad.example.com';

/** terminal:startLocal as main registers it: the calling frame must be the connected server's page, then the gate decides. */
function setup(connected: string, answers: boolean[]) {
  const confirm = vi.fn(async () => answers.shift() ?? false);
  const gate = createLocalShellGate({ embeddedOrigin: () => embedded, confirm });
  const spawn = vi.fn((_size: { rows: number; cols: number }) => ({ id: 't1' }));
  const handler = wrapHandler(
    'terminal:startLocal',
    async (size) => {
      await gate.check(connected);
      return spawn(size);
    },
    (url) => isNavigationAllowed(url, [connected]),
  );
  const call = (frameUrl: string) => handler({ senderFrame: { url: frameUrl } }, { rows: 24, cols: 80 });
  return { gate, confirm, spawn, call };
}

describe('local shell: who may open a terminal on this computer', () => {
  it.each([
    ['the app’s own embedded server', embedded, [], { result: { id: 't1' } }, 0],
    ['a remote server the person allows', remote, [true], { result: { id: 't1' } }, 1],
    ['a remote server the person refuses', remote, [false], { error: { message: 'The local terminal was not allowed for this server', code: 'local_shell_refused' } }, 1],
  ])('%s', async (_who, connected, answers, answer, dialogs) => {
    const s = setup(connected, answers);
    expect(await s.call(`${connected}/#/home`)).toEqual(answer);
    expect(s.confirm).toHaveBeenCalledTimes(dialogs);
    expect(s.spawn).toHaveBeenCalledTimes('result' in answer ? 1 : 0);
  });

  it('asks once per server while the app runs, again after forget() (server switch, sign-out)', async () => {
    const s = setup(remote, [true, false]);
    await s.call(`${remote}/#/home`);
    await s.call(`${remote}/#/deployments`);
    expect(s.confirm).toHaveBeenCalledOnce();
    s.gate.forget();
    expect(await s.call(`${remote}/#/home`)).toMatchObject({ error: { code: 'local_shell_refused' } });
    expect(s.confirm).toHaveBeenCalledTimes(2);
  });

  it('a refusal is not remembered as a yes, and a page cannot stack dialogs', async () => {
    let answer!: (yes: boolean) => void;
    const confirm = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const gate = createLocalShellGate({ embeddedOrigin: () => undefined, confirm });
    const first = gate.check(remote);
    await expect(gate.check(remote)).rejects.toMatchObject({ code: 'in_progress' });
    answer(false);
    await expect(first).rejects.toMatchObject({ code: 'local_shell_refused' });
    const second = gate.check(remote);
    answer(true);
    await expect(second).resolves.toBeUndefined();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['another origin', 'https://evil.example.net/#/home'],
    ['the server over http instead of https', 'http://launchpad.example.com/#/home'],
    ['a file page', 'file:///tmp/page.html'],
  ])('refuses %s without a dialog', async (_what, frame) => {
    const s = setup(remote, [true]);
    expect(await s.call(frame)).toMatchObject({ error: { code: 'forbidden' } });
    expect(s.confirm).not.toHaveBeenCalled();
    expect(s.spawn).not.toHaveBeenCalled();
  });

  it('an embedded server on another port is not the embedded server', async () => {
    const s = setup('http://127.0.0.1:3000', [false]);
    expect(await s.call('http://127.0.0.1:3000/#/home')).toMatchObject({ error: { code: 'local_shell_refused' } });
    expect(s.confirm).toHaveBeenCalledOnce();
  });

  it('the dialog names the server and defaults to Cancel', () => {
    expect(localShellQuestion(remote)).toMatchObject({ message: `${remote} asks to open a terminal on this computer`, buttons: ['Open terminal', 'Cancel'], defaultId: 1, cancelId: 1 });
  });
});
