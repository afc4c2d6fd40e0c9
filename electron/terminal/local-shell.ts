import { createRequire } from 'node:module';
import os from 'node:os';
import type * as nodePty from 'node-pty';
import { DesktopError } from '../ipc/handle';
import type { SpawnShell } from './sessions';

type NodePty = Pick<typeof nodePty, 'spawn'>;

/** require, not import(): in the packaged app Electron's require finds the unpacked native module beside app.asar */
const requireNodePty = async (): Promise<NodePty> => createRequire(import.meta.url)('node-pty') as NodePty;

/**
 * The user's own login shell in their home folder, as a terminal app would open it. node-pty is a
 * native module loaded on the first local terminal, not at start: if it cannot load (a build for
 * another Electron, a missing library), the app still starts and only this terminal says why.
 */
export function createLocalShell(load: () => Promise<NodePty> = requireNodePty): SpawnShell {
  let loaded: Promise<NodePty> | undefined;
  return async ({ rows, cols }) => {
    loaded ??= load();
    let pty: NodePty;
    try {
      pty = await loaded;
    } catch (err) {
      throw new DesktopError(`A local terminal is not available on this computer (${err instanceof Error ? err.message : String(err)})`, 'unsupported');
    }
    const windows = process.platform === 'win32';
    const shell = windows ? (process.env.COMSPEC ?? 'powershell.exe') : (process.env.SHELL ?? '/bin/bash');
    return pty.spawn(shell, windows ? [] : ['-l'], {
      name: 'xterm-256color',
      rows,
      cols,
      cwd: os.homedir(),
      env: { ...process.env, TERM: 'xterm-256color' } as Record<string, string>,
    });
  };
}
