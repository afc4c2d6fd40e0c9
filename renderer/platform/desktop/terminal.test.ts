import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../shared/desktop/bridge';
import type { TerminalHandlers } from '../types';
import { bridgeTerminal } from './terminal';

type Listener = (id: string, text: string) => void;

function fakeStream() {
  const listeners = { data: new Set<Listener>(), error: new Set<Listener>(), end: new Set<Listener>() };
  const on = (set: Set<Listener>) => (l: Listener) => (set.add(l), () => void set.delete(l));
  const stream: DesktopBridge['terminal'] = {
    start: vi.fn(),
    startLocal: vi.fn(),
    input: vi.fn(() => Promise.resolve()),
    resize: vi.fn(() => Promise.resolve()),
    close: vi.fn(() => Promise.resolve()),
    onData: on(listeners.data),
    onError: on(listeners.error),
    onEnd: on(listeners.end),
  };
  const push = (kind: keyof typeof listeners, id: string, text: string) => listeners[kind].forEach((l) => l(id, text));
  return { stream, push, listeners };
}

function recorder() {
  const log: string[] = [];
  const handlers: TerminalHandlers = {
    onOpen: () => log.push('open'),
    onData: (d) => log.push(`data:${d}`),
    onClose: (r) => log.push(`close:${r}`),
    onError: () => log.push('error'),
  };
  return { log, handlers };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('bridgeTerminal', () => {
  it('opens, replays output that arrived before the id, ignores other sessions, and ends once', async () => {
    const { stream, push, listeners } = fakeStream();
    const { log, handlers } = recorder();
    let answer!: (v: { id: string }) => void;
    bridgeTerminal(stream, () => new Promise((r) => (answer = r)), handlers);
    push('data', 't1', 'early ');
    push('data', 't2', 'someone else');
    answer({ id: 't1' });
    await tick();
    push('data', 't1', 'later');
    push('end', 't1', 'exit');
    push('data', 't1', 'after end');
    expect(log).toEqual(['open', 'data:early ', 'data:later', 'close:exit']);
    expect(listeners.data.size).toBe(0);
  });

  it('sends input typed before the open and the last size once connected, then by id', async () => {
    const { stream } = fakeStream();
    const { handlers } = recorder();
    let answer!: (v: { id: string }) => void;
    const conn = bridgeTerminal(stream, () => new Promise((r) => (answer = r)), handlers);
    conn.send('ls');
    conn.resize(10, 20);
    conn.resize(30, 100);
    answer({ id: 't4' });
    await tick();
    conn.send('\r');
    expect(stream.input).toHaveBeenNthCalledWith(1, 't4', 'ls');
    expect(stream.input).toHaveBeenNthCalledWith(2, 't4', '\r');
    expect(stream.resize).toHaveBeenCalledExactlyOnceWith('t4', 30, 100);
  });

  it('reports a failed start as an error and a close with the reason', async () => {
    const { stream } = fakeStream();
    const { log, handlers } = recorder();
    bridgeTerminal(stream, () => Promise.reject(new Error('You are not signed in')), handlers);
    await tick();
    expect(log).toEqual(['error', 'close:You are not signed in']);
  });

  it('closing before the start answers closes the session as soon as its id is known', async () => {
    const { stream } = fakeStream();
    const { log, handlers } = recorder();
    let answer!: (v: { id: string }) => void;
    const conn = bridgeTerminal(stream, () => new Promise((r) => (answer = r)), handlers);
    conn.close();
    answer({ id: 't9' });
    await tick();
    expect(stream.close).toHaveBeenCalledWith('t9');
    expect(log).toEqual(['close:closed by user']);
  });
});
