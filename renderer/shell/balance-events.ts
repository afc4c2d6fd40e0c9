/**
 * The internal balance refresh event: pages that change what the user is charged (create or
 * delete a deployment, a top-up) call `refreshBalance()`, and the balance widget refetches at once
 * instead of waiting for its next 10-second poll. No React here, so any module may call it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function refreshBalance(): void {
  for (const listener of [...listeners]) listener();
}

/** Subscribes to refresh requests; returns the unsubscribe function (fits a useEffect cleanup). */
export function onBalanceRefresh(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
