import type { Deployment } from '../../../shared/api/deployments';
import { ApiError } from '../../api/client';

/** After a create the page polls the new deployment every 2 s for up to 5 minutes (spec, section 4). */
export const startPollIntervalMs = 2000;
export const startPollLimitMs = 5 * 60_000;

export const createFailedMessage = 'Failed to create deployment. Please try again later.';
export const insufficientFundsSuffix = '. Please add funds to your balance to continue.';
export const tokenFailedMessage = 'Failed to update Huggingface token';
export const requiredDataFailedMessage = 'Failed to fetch required data';

export type StartDecision = 'ready' | 'failed' | 'wait';

/** Installing or running: the machine is up, so the terminal can open and setup steps exist. */
export function startDecision(status: string | undefined): StartDecision {
  if (status === 'installing' || status === 'running') return 'ready';
  // Not in the spec's wording, but a failed deployment will never get there: stop waiting.
  if (status === 'failed') return 'failed';
  return 'wait';
}

export type StartOutcome = { outcome: 'ready'; deployment: Deployment } | { outcome: 'failed'; deployment: Deployment } | { outcome: 'timeout' } | { outcome: 'aborted' };

export interface WaitForStartDeps {
  get: (id: string) => Promise<Deployment>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  signal?: AbortSignal;
  intervalMs?: number;
  limitMs?: number;
}

/** Polls one deployment until it is installing or running, it failed, the time limit passed or the caller gave up. */
export async function waitForStart(id: string, deps: WaitForStartDeps): Promise<StartOutcome> {
  const interval = deps.intervalMs ?? startPollIntervalMs;
  const limit = deps.limitMs ?? startPollLimitMs;
  const started = deps.now();
  for (;;) {
    if (deps.signal?.aborted) return { outcome: 'aborted' };
    try {
      const deployment = await deps.get(id);
      const decision = startDecision(deployment.status);
      if (decision !== 'wait') return { outcome: decision, deployment };
    } catch {
      // A failed poll is not the end of the start: try again on the next tick.
    }
    if (deps.signal?.aborted) return { outcome: 'aborted' };
    if (deps.now() - started + interval > limit) return { outcome: 'timeout' };
    await deps.sleep(interval, deps.signal);
  }
}

/** A sleep that ends early when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface CreateError {
  message: string;
  /** the 402 answer: show a link to /balance */
  addFunds: boolean;
}

/** The server's message followed by ". Please add funds…"; a trailing full stop is not doubled. */
export function insufficientFundsMessage(serverMessage: string): string {
  return `${serverMessage.trim().replace(/\.+$/, '')}${insufficientFundsSuffix}`;
}

/** What the form says when the create call fails: 402 names the shortfall and links to the balance page. */
export function createErrorOf(err: unknown): CreateError {
  if (err instanceof ApiError && err.status === 402) return { message: insufficientFundsMessage(err.message), addFunds: true };
  // Refusals that say why (no sandbox for local machines here, a machine limit reached) are shown as written.
  if (err instanceof ApiError && (err.status === 403 || err.status === 429)) return { message: err.message, addFunds: false };
  return { message: createFailedMessage, addFunds: false };
}

/** The model-hub token is saved first only when one was typed: the saved token is write-only, an empty field keeps it. */
export function tokenNeedsSaving(entered: string): boolean {
  return entered.trim() !== '';
}

/** A deployment name: non-empty once trimmed. */
export function validName(name: string): string | undefined {
  const trimmed = name.trim();
  return trimmed === '' ? undefined : trimmed;
}
