import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wrapHandler } from '../ipc/handle';
import { isNavigationAllowed } from '../security';
import { createSettings, rememberedShellServers } from '../settings';
import { createLocalShellGate, localShellAnswer, localShellQuestion, titleWithLocalShells, type LocalShellAnswer } from './local-shell-gate';
import { createTerminalSessions } from './sessions';

const embedded = 'http://127.0.0.1:41234';
const remote = 'https://launchpad.example.com';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function settingsFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-shell-gate-'));
  dirs.push(dir);
  return path.join(dir, 'settings.json');
}

/** terminal:startLocal as main registers it: the calling frame must be the connected server's page, then the gate decides. */
function setup(connected: string, answers: LocalShellAnswer[], file = settingsFile()) {
  const confirm = vi.fn(async (_origin: string) => answers.shift() ?? { allow: false, always: false });
  const remembered = rememberedShellServers(createSettings(file));
  let clock = 1_000;
  const gate = createLocalShellGate({ remembered, confirm, now: () => clock });
  const spawn = vi.fn((_size: { rows: number; cols: number }) => ({ id: 't1' }));
  const handler = wrapHandler(
    'terminal:startLocal',
    async (size) => {
      await gate.check(connected);
      return spawn(size);
    },
    (url) => isNavigationAllowed(url, [connected]),
  );
  const call = (frameUrl = `${connected}/#/home`) => handler({ senderFrame: { url: frameUrl } }, { rows: 24, cols: 80 });
  return { gate, confirm, spawn, call, remembered, file, advance: (ms: number) => (clock += ms) };
}

const yes = { allow: true, always: false };
const always = { allow: true, always: true };
const no = { allow: false, always: false };

describe('local shell: a native dialog for each shell on this computer', () => {
  it.each([
    ['the app’s own embedded server', embedded],
    ['a remote server', remote],
  ])('%s is asked for every shell, naming the server', async (_who, connected) => {
    const s = setup(connected, [yes, yes, no]);
    expect(await s.call()).toEqual({ result: { id: 't1' } });
    expect(await s.call(`${connected}/#/deployments`)).toEqual({ result: { id: 't1' } });
    expect(await s.call()).toEqual({ error: { message: 'The local terminal was not allowed for this server', code: 'local_shell_refused' } });
    expect(s.confirm.mock.calls).toEqual([[connected], [connected], [connected]]);
    expect(s.spawn).toHaveBeenCalledTimes(2);
  });

  it('"Always allow for this server" is remembered across restarts, for that server only, until revoked in settings', async () => {
    const s = setup(remote, [always]);
    await s.call();
    expect(JSON.parse(fs.readFileSync(s.file, 'utf8'))).toMatchObject({ localShellServers: [remote] });

    const restarted = setup(remote, [], s.file);
    expect(await restarted.call()).toEqual({ result: { id: 't1' } });
    expect(restarted.confirm).not.toHaveBeenCalled();

    const other = setup('https://other.example.com', [no], s.file);
    expect(await other.call()).toMatchObject({ error: { code: 'local_shell_refused' } });
    expect(other.confirm).toHaveBeenCalledOnce();

    restarted.remembered.revoke(remote);
    const afterRevoke = setup(remote, [no], s.file);
    expect(await afterRevoke.call()).toMatchObject({ error: { code: 'local_shell_refused' } });
    expect(afterRevoke.confirm).toHaveBeenCalledOnce();
  });

  it('a plain yes is not remembered, and a page cannot stack dialogs', async () => {
    let answer!: (a: LocalShellAnswer) => void;
    const confirm = vi.fn(() => new Promise<LocalShellAnswer>((resolve) => (answer = resolve)));
    const remembered = rememberedShellServers(createSettings(settingsFile()));
    const gate = createLocalShellGate({ remembered, confirm });
    const first = gate.check(remote);
    await expect(gate.check(remote)).rejects.toMatchObject({ code: 'in_progress' });
    answer(yes);
    await expect(first).resolves.toBeUndefined();
    expect(remembered.list()).toEqual([]);
    const second = gate.check(remote);
    answer(no);
    await expect(second).rejects.toMatchObject({ code: 'local_shell_refused' });
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('the app menu’s "Open a local terminal" covers one shell within a minute, without a dialog', async () => {
    const s = setup(embedded, [no, no]);
    s.gate.grantFromMenu();
    expect(await s.call()).toEqual({ result: { id: 't1' } });
    expect(s.confirm).not.toHaveBeenCalled();
    // one shell per menu choice: the page's next one is asked
    expect(await s.call()).toMatchObject({ error: { code: 'local_shell_refused' } });
    s.gate.grantFromMenu();
    s.advance(61_000);
    expect(await s.call()).toMatchObject({ error: { code: 'local_shell_refused' } });
    expect(s.confirm).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['another origin', 'https://evil.example.net/#/home'],
    ['the server over http instead of https', 'http://launchpad.example.com/#/home'],
    ['a file page', 'file:///tmp/page.html'],
  ])('refuses %s without a dialog', async (_what, frame) => {
    const s = setup(remote, [always]);
    expect(await s.call(frame)).toMatchObject({ error: { code: 'forbidden' } });
    expect(s.confirm).not.toHaveBeenCalled();
    expect(s.spawn).not.toHaveBeenCalled();
  });

  it('the dialog names the server, says a shell will open, defaults to Cancel, and the box counts only with a yes', () => {
    expect(localShellQuestion(remote)).toMatchObject({
      message: `${remote} asks to open a terminal on this computer`,
      detail: expect.stringContaining('A shell on this computer will open'),
      buttons: ['Open terminal', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      checkboxLabel: 'Always allow for this server',
      checkboxChecked: false,
    });
    expect(localShellAnswer({ response: 0, checkboxChecked: true })).toEqual(always);
    expect(localShellAnswer({ response: 1, checkboxChecked: true })).toEqual(no);
  });
});

describe('the persistent indicator while local shells run', () => {
  it('counts local shells as they open and end, and the title says so', async () => {
    const counts: number[] = [];
    const exits: ((e: { exitCode: number }) => void)[] = [];
    const pty = () => ({
      onData: () => undefined,
      onExit: (l: (e: { exitCode: number }) => void) => exits.push(l),
      write: () => undefined,
      resize: () => undefined,
      kill: () => exits.at(-1)?.({ exitCode: 0 }),
    });
    const sessions = createTerminalSessions({ send: () => undefined, serverUrl: () => remote, accessToken: async () => undefined, spawnShell: pty, onLocalShells: (n) => counts.push(n) });
    const a = await sessions.startLocal({ rows: 24, cols: 80 });
    await sessions.startLocal({ rows: 24, cols: 80 });
    exits[1]?.({ exitCode: 0 });
    sessions.close(a.id);
    expect(counts).toEqual([1, 2, 1, 0]);
    expect(titleWithLocalShells('Launchpad', 0)).toBe('Launchpad');
    expect(titleWithLocalShells('Launchpad', 1)).toBe('Launchpad — a local terminal is running');
    expect(titleWithLocalShells('Launchpad', 2)).toBe('Launchpad — 2 local terminals are running');
  });
});
