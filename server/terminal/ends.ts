/**
 * Tells this instance's terminal bridge at once that terminals must end: their deployment was
 * deleted, the API key that opened them was revoked, the sign-in that opened them signed out, or
 * the person who opened them left the team that owns the deployment or holds a role there that opens none.
 * Other instances on the same database find out from their bridge's periodic check (standing.ts,
 * every `checkMs`), a sign-out too: it records the session (server/auth/signed-out.ts).
 */
export type TerminalEnd =
  | { deploymentId: string }
  | { apiKeyId: string }
  | { signedOut: { userId: string; sid: string | undefined } }
  | { memberLeft: { accountId: string; userId: string } }
  | { roleLostDeploy: { accountId: string; userId: string } };

export interface TerminalEnds {
  deploymentDeleted(deploymentId: string): void;
  apiKeyRevoked(apiKeyId: string): void;
  /** the sign-in session `sid` (every session of the user's sign-ins when the token names none) signed out */
  signedOut(userId: string, sid: string | undefined): void;
  /** the person left the team (or was removed): their terminals on its deployments end */
  memberLeft(accountId: string, userId: string): void;
  /** the person's new role in the team lacks `deploy`: their terminals on its deployments end */
  roleLostDeploy(accountId: string, userId: string): void;
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
    signedOut: (userId, sid) => tell({ signedOut: { userId, sid } }),
    memberLeft: (accountId, userId) => tell({ memberLeft: { accountId, userId } }),
    roleLostDeploy: (accountId, userId) => tell({ roleLostDeploy: { accountId, userId } }),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
