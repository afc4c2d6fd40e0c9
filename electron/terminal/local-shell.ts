import os from 'node:os';
import pty from 'node-pty';
import type { SpawnShell } from './sessions';

/** The user's own login shell in their home folder, as a terminal app would open it. */
export const spawnLocalShell: SpawnShell = ({ rows, cols }) => {
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
