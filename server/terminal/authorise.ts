import { decodeJwt } from 'jose';
import type { TeamRole } from '../../shared/teams/roles';
import { activeApiKeyId } from '../auth/api-keys/service';
import { accountIdSchema, type Authenticator } from '../auth/authenticate';
import { allows, asMember, refusal, refusalIn } from '../auth/policy';
import type { Db } from '../db/client';
import { targetOf } from '../deployments/machine';
import type { Providers } from '../deployments/providers/registry';
import type { MachineTarget, Provider } from '../deployments/providers/types';
import { findDeployment } from '../deployments/queries';
import { HttpError, httpErrorOf } from '../http/errors';
import type { AuthUser } from '../http/types';
import { errorMessage } from './error-message';
import { closeCodes } from './protocol';

/** Whether a team member with `role` may hold a terminal on the team's deployments (the policy: the role needs `deploy`). */
export const roleOpensTerminals = (role: TeamRole): boolean => allows(asMember('', role), { do: 'open-terminal' });

/** What the socket attached to a shell signed in with; its revocation ends the shell. */
export type Credential =
  | { via: 'api-key'; apiKeyId: string }
  | {
      via: 'token';
      /** epoch ms of `exp`, when the token has one */
      expiresAt: number | undefined;
      /** the sign-in session the token belongs to (`sid`), when the issuer says */
      sid?: string;
      /** what its sign-out records (server/auth/signed-out.ts): the bridge's check ends the shell once it is there */
      sessionKey?: string;
    };

export interface TerminalAccessDeps {
  db: Db;
  providers: Providers;
  authenticator: Pick<Authenticator, 'identify' | 'inAccount'>;
}

export type TerminalAccess =
  | { granted: true; user: AuthUser; credential: Credential; provider: Provider; target: MachineTarget }
  | {
      granted: false;
      /** the close code and reason the socket is closed with */
      code: number;
      reason: string;
      /** who asked, once the token was recognised */
      userId?: string;
      /** why the sign-in could not be checked (not the caller's fault: logged as a warning) */
      failure?: string;
    };

/**
 * Whether the `token` parameter of a terminal socket (an access token or an API key) may open the
 * deployment's terminal: it must identify the deployment's owner, and the deployment must have a
 * machine whose provider this server knows. Database errors are thrown.
 */
export async function terminalAccess(deps: TerminalAccessDeps, token: string | null, deploymentId: string, accountId?: string | null): Promise<TerminalAccess> {
  const refused = (code: number, reason: string, more: { userId?: string; failure?: string } = {}): TerminalAccess => ({ granted: false, code, reason, ...more });
  if (!token) return refused(closeCodes.unauthorized, 'Sign-in required: the token parameter is missing');
  let user: AuthUser;
  try {
    user = await deps.authenticator.identify(token);
    // A team's deployment: the `account` parameter names the team (the socket's X-Account header).
    // Checked like the header: a value that is no id is the caller's mistake, not a failed check.
    if (accountId && !accountIdSchema.safeParse(accountId).success) return refused(closeCodes.credentialRevoked, 'Forbidden: account must be an account id', { userId: user.id });
    if (accountId) user = await deps.authenticator.inAccount(user, accountId);
  } catch (err) {
    const http = httpErrorOf(err);
    if (http instanceof HttpError && http.status === 401) return refused(closeCodes.unauthorized, `Unauthorized: ${http.message}`);
    const refusedWith = refusalIn(err);
    if (refusedWith) return refused(closeCodes.credentialRevoked, `Forbidden: ${refusedWith}`.slice(0, 120));
    return refused(closeCodes.internal, 'Sign-in could not be checked, try again', { failure: errorMessage(err) });
  }
  const userId = user.id;
  // A scoped key and a team role need `deploy` for a shell (the one policy); a close reason must stay short.
  const notAllowed = refusal(user, { do: 'open-terminal' });
  if (notAllowed) return refused(closeCodes.credentialRevoked, `Forbidden: ${notAllowed}`, { userId });
  let credential: Credential;
  if (user.via === 'api-key') {
    const apiKeyId = await activeApiKeyId(deps.db, token);
    if (!apiKeyId) return refused(closeCodes.unauthorized, 'Unauthorized: API key is not valid', { userId });
    credential = { via: 'api-key', apiKeyId };
  } else {
    const { exp, sid } = decodeJwt(token);
    credential = { via: 'token', expiresAt: exp === undefined ? undefined : exp * 1000, ...(typeof sid === 'string' ? { sid } : {}), ...(user.session ? { sessionKey: user.session.key } : {}) };
  }
  const row = await findDeployment(deps.db, deploymentId, user.account.id);
  if (!row) return refused(closeCodes.notFound, 'Deployment not found', { userId });
  if (!row.serverId) return refused(closeCodes.noMachine, 'The deployment has no machine yet', { userId });
  const provider = deps.providers.byName(row.provider);
  if (!provider) return refused(closeCodes.internal, `Unknown provider ${row.provider}`, { userId });
  return { granted: true, user, credential, provider, target: targetOf(row) };
}
