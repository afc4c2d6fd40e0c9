import type { DesktopBridge } from '../../../shared/desktop/bridge';
import type { TerminalConnection, TerminalHandlers } from '../types';

type Stream = DesktopBridge['terminal'];
type StreamEvent = { kind: 'data' | 'error' | 'end'; id: string; text: string };

/** Input typed before the connection opens is kept, up to this many characters. */
const maxEarlyInput = 4096;

/**
 * A terminal whose bytes travel through the main process: `start` asks main to connect and
 * answers the session id; output arrives as id-tagged pushes. Pushes that arrive before the id
 * is known are held and replayed, so no output is lost to the race between the two.
 */
export function bridgeTerminal(stream: Stream, start: () => Promise<{ id: string }>, handlers: TerminalHandlers): TerminalConnection {
  let id: string | undefined;
  let closed = false;
  let ended = false;
  let early: StreamEvent[] = [];
  let pendingInput = '';
  let pendingSize: { rows: number; cols: number } | undefined;

  const deliver = (e: StreamEvent) => {
    if (ended) return;
    if (e.kind === 'data') handlers.onData(e.text);
    else if (e.kind === 'error') handlers.onError();
    else finish(e.text);
  };
  const receive = (e: StreamEvent) => {
    if (id === undefined) early.push(e);
    else if (e.id === id) deliver(e);
  };
  const subscriptions = [
    stream.onData((sid, text) => receive({ kind: 'data', id: sid, text })),
    stream.onError((sid, text) => receive({ kind: 'error', id: sid, text })),
    stream.onEnd((sid, text) => receive({ kind: 'end', id: sid, text })),
  ];
  function finish(reason: string) {
    if (ended) return;
    ended = true;
    for (const unsubscribe of subscriptions) unsubscribe();
    handlers.onClose(reason);
  }

  start().then(
    (answer) => {
      id = answer.id;
      if (closed) return void stream.close(answer.id).catch(() => undefined);
      handlers.onOpen();
      const held = early.filter((e) => e.id === answer.id);
      early = [];
      held.forEach(deliver);
      if (pendingInput) void stream.input(answer.id, pendingInput).catch(() => undefined);
      if (pendingSize) void stream.resize(answer.id, pendingSize.rows, pendingSize.cols).catch(() => undefined);
      pendingInput = '';
    },
    (err: unknown) => {
      if (ended) return;
      handlers.onError();
      finish(err instanceof Error ? err.message : String(err));
    },
  );

  return {
    send(data) {
      if (ended || closed) return;
      if (id === undefined) pendingInput = (pendingInput + data).slice(-maxEarlyInput);
      else void stream.input(id, data).catch(() => undefined);
    },
    resize(rows, cols) {
      if (ended || closed) return;
      if (id === undefined) pendingSize = { rows, cols };
      else void stream.resize(id, rows, cols).catch(() => undefined);
    },
    close() {
      if (closed) return;
      closed = true;
      if (id !== undefined) void stream.close(id).catch(() => undefined);
      finish('closed by user');
    },
  };
}
