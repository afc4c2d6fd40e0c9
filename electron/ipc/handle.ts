import { z } from 'zod';
import { isNavigationAllowed } from '../security';
import { channelsByPage, invokeArgs, type DesktopPage, type InvokeArgs, type InvokeResults, type IpcEnvelope } from '../../shared/desktop/ipc';

export interface InvokeEventLike {
  /** null once the calling frame is gone; `parent` is null for a window's main frame (Electron's WebFrameMain) */
  senderFrame: { url: string; parent?: unknown } | null;
  /** the calling window's webContents (Electron's event.sender) */
  sender?: unknown;
}

/** Whether a caller may use a page's channels: its main frame's address, and which window's page it is. */
export type SenderCheck = (url: string, sender: unknown) => boolean;

/**
 * One window's own page: the caller must be that window's webContents showing one of `allowed`,
 * not merely a page on the same origin somewhere else.
 */
export function fromWindowPage(window: () => { webContents: unknown } | undefined, allowed: () => readonly string[]): SenderCheck {
  return (url, sender) => {
    const win = window();
    return !!win && sender === win.webContents && isNavigationAllowed(url, allowed());
  };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

type ChannelOf<P extends DesktopPage> = (typeof channelsByPage)[P][number];
export type PageHandlers<P extends DesktopPage> = {
  [C in ChannelOf<P>]: (...args: InvokeArgs<C>) => Promise<InvokeResults[C]> | InvokeResults[C];
};

/** An error whose message is meant for the user (the renderer shows it as is). */
export class DesktopError extends Error {
  constructor(
    message: string,
    public readonly code?: string,
  ) {
    super(message);
  }
}

function toEnvelopeError(err: unknown, channel: string): IpcEnvelope<never> {
  if (err instanceof z.ZodError)
    return { error: { message: `Invalid arguments for ${channel}: ${err.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}`, code: 'invalid_argument' } };
  const code = err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  return { error: { message: err instanceof Error ? err.message : String(err), code } };
}

/**
 * One handler made safe for IPC: the calling page must be allowed, the arguments must match the
 * channel's schema, and whatever happens the page gets `{result}` or `{error}`, never a rejection
 * (Electron would otherwise wrap the message in its own text and drop the details).
 */
export function wrapHandler<C extends keyof typeof invokeArgs>(
  channel: C,
  handler: (...args: InvokeArgs<C>) => Promise<InvokeResults[C]> | InvokeResults[C],
  senderAllowed: SenderCheck,
): (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcEnvelope<InvokeResults[C]>> {
  const schema = invokeArgs[channel] as unknown as z.ZodType<InvokeArgs<C>>;
  return async (event, ...args) => {
    const url = event.senderFrame?.url;
    // only the page itself: a frame inside it (an embedded video, an ad) never calls main, whatever its origin
    if (!url || (event.senderFrame?.parent ?? null) !== null || !senderAllowed(url, event.sender)) return { error: { message: `${channel} is not available to this page`, code: 'forbidden' } };
    try {
      const parsed = schema.parse(args);
      return { result: await handler(...parsed) };
    } catch (err) {
      return toEnvelopeError(err, channel);
    }
  };
}

/** Registers every channel a page may call; each checks that the caller is that page. */
export function registerPageHandlers<P extends DesktopPage>(ipcMain: IpcMainLike, page: P, handlers: PageHandlers<P>, senderAllowed: SenderCheck): void {
  for (const channel of channelsByPage[page] as readonly ChannelOf<P>[]) {
    const handler = handlers[channel] as (...args: never[]) => unknown;
    ipcMain.handle(channel, wrapHandler(channel, handler as never, senderAllowed));
  }
}
