import type { Clock } from '../clock';
import { ProviderError, type MachineTarget, type OpenShellOptions, type Provider, type ShellSession } from '../deployments/providers/types';
import { errorMessage } from './error-message';

export interface ShellOpening {
  provider: Pick<Provider, 'openShell'>;
  target: MachineTarget;
  /** asked at each try: the size the client asked for last */
  options(): OpenShellOptions;
  clock: Clock;
  /** how long to keep trying, on `clock` ... */
  waitMs: number;
  /** ... and the pause between tries */
  retryMs: number;
  /** false once nobody wants the shell any more: the tries stop */
  wanted(): boolean;
  /** told once, when the first try was refused */
  onWaiting(notice: string): void;
}

/** A machine that is still booting refuses SSH for a while: keep trying until it answers. */
export async function openShellWhenReachable(o: ShellOpening): Promise<ShellSession> {
  const deadline = o.clock.now().getTime() + o.waitMs;
  let noticed = false;
  for (;;) {
    try {
      return await o.provider.openShell(o.target, o.options());
    } catch (err) {
      if (!o.wanted() || !(err instanceof ProviderError && err.retryable) || o.clock.now().getTime() + o.retryMs > deadline) throw err;
      if (!noticed) o.onWaiting(`Waiting for the machine to accept connections (${errorMessage(err)}) ...\r\n`);
      noticed = true;
      await new Promise((resolve) => setTimeout(resolve, o.retryMs));
      if (!o.wanted()) throw new Error('the terminal was closed', { cause: err });
    }
  }
}
