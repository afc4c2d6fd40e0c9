/**
 * Tells this instance's terminal bridge at once that terminals must end: their deployment was
 * deleted, or the API key that opened them was revoked. Other instances on the same database
 * find out from their bridge's periodic check (standing.ts, every `checkMs`).
 */
export type TerminalEnd = { deploymentId: string } | { apiKeyId: string };

export interface TerminalEnds {
  deploymentDeleted(deploymentId: string): void;
  apiKeyRevoked(apiKeyId: string): void;
  /** the bridge's listener; answers the unsubscribe */
  listen(listener: (end: TerminalEnd) => void): () => void;
}

export function createTerminalEnds(): TerminalEnds {
  const listeners = new Set<(end: TerminalEnd) => void>();
  const tell = (end: TerminalEnd) => {
    for (const l of listeners) l(end);
  };
  return {
    deploymentDeleted: (deploymentId) => tell({ deploymentId }),
    apiKeyRevoked: (apiKeyId) => tell({ apiKeyId }),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
