import type { InvokeArgs, InvokeChannel, InvokeResults, IpcEnvelope } from '../../shared/desktop/ipc';

export type RawInvoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/** The preload half of the envelope: `{result}` is returned, `{error}` becomes a thrown Error. */
export function typedInvoke(raw: RawInvoke) {
  return async <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResults[C]> => {
    const envelope = (await raw(channel, ...args)) as IpcEnvelope<InvokeResults[C]>;
    if ('error' in envelope) throw new Error(envelope.error.message);
    return envelope.result;
  };
}
