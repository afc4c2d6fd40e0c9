import { describe, expect, it, vi } from 'vitest';
import { terminalHandlers, terminalMessages } from './connection-messages';

const esc = String.fromCharCode(27);
const plain = (s: string) =>
  s
    .split(esc)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

describe('terminalHandlers', () => {
  it('prints Connected, the output, then Disconnected with the reason', () => {
    let out = '';
    const onOutput = vi.fn();
    const h = terminalHandlers({ write: (t) => (out += t), onOutput });
    h.onOpen();
    h.onData('root@lp:~# ');
    h.onClose('Shell exited with code 0');
    expect(plain(out)).toBe(`${terminalMessages.connected}\r\nroot@lp:~# \r\n${terminalMessages.disconnected} Shell exited with code 0\r\n`);
    expect(onOutput).toHaveBeenCalledWith('root@lp:~# ');
  });

  it('reports a connection that never opened as failed, once', () => {
    let out = '';
    const h = terminalHandlers({ write: (t) => (out += t) });
    h.onError();
    h.onError();
    h.onClose('');
    expect(plain(out)).toBe(`\r\n${terminalMessages.failed}\r\n`);
  });

  it('prints both when an open connection fails', () => {
    let out = '';
    const h = terminalHandlers({ write: (t) => (out += t) });
    h.onOpen();
    h.onError();
    h.onClose('');
    expect(plain(out)).toContain(terminalMessages.failed);
    expect(plain(out)).toMatch(/\*\*\* Disconnected \*\*\*\r\n$/);
  });
});
