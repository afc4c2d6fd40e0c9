import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { roleOpensTerminals, type Credential } from './authorise';
import type { TerminalEnd } from './ends';
import { errorMessage } from './error-message';
import { closeCodes, closeReasons } from './protocol';
import { membershipKey, stillStanding } from './queries';
import { signedOutAmong } from '../auth/signed-out';
import type { SessionRegistry } from './sessions';

export interface StandingDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  sessions: SessionRegistry;
}

/** Ends at once the terminals of a deployment this instance deleted, of an API key it revoked, or of a sign-in that signed out here. */
export function endTerminalsOf(sessions: SessionRegistry, e: TerminalEnd): void {
  for (const s of sessions.live()) {
    if ('deploymentId' in e && s.deploymentId === e.deploymentId) sessions.terminate(s, closeCodes.deploymentDeleted, closeReasons.deploymentDeleted);
    else if ('apiKeyId' in e && s.credential.via === 'api-key' && s.credential.apiKeyId === e.apiKeyId) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.apiKeyRevoked);
    else if ('signedOut' in e && openedBy(s.userId, s.credential, e.signedOut)) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.signedOut);
    else if ('memberLeft' in e && s.userId === e.memberLeft.userId && s.accountId === e.memberLeft.accountId) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.memberLeft);
    else if ('roleLostDeploy' in e && s.userId === e.roleLostDeploy.userId && s.accountId === e.roleLostDeploy.accountId)
      sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.roleLostDeploy);
  }
}

/**
 * Whether a terminal was opened by the sign-in that signed out: a token of the same user and the
 * same session id (`sid`: the embedded provider's and Keycloak's access tokens carry it, and it
 * stays the same across refreshes). A token without `sid` cannot be told apart from the user's
 * other sign-ins, so a sign-out without one ends all the user's terminals opened by sign-in.
 */
function openedBy(userId: string, credential: Credential, out: { userId: string; sid: string | undefined }): boolean {
  if (credential.via !== 'token' || userId !== out.userId) return false;
  return out.sid === undefined || credential.sid === undefined || credential.sid === out.sid;
}

/**
 * One query for all live terminals: a deleted deployment, a revoked or expired API key or a signed-out
 * session ends them (also when another instance did it), as does leaving the team a terminal was opened in or holding a role there that opens none (one more query, for team terminals only); an expired access token closes its socket, and the shell waits
 * its grace period for a reconnect with a fresh token. Shells whose grace period is over on the
 * injected clock are ended first. Overlapping calls share one check.
 */
export function createStandingCheck({ db, clock, logger: log, sessions }: StandingDeps): () => Promise<void> {
  let checking: Promise<void> | undefined;
  return function check() {
    checking ??= (async () => {
      sessions.endGracePeriodsOver();
      const live = sessions.live();
      if (live.length === 0) return;
      const deploymentIds = [...new Set(live.map((s) => s.deploymentId))];
      const apiKeyIds = [...new Set(live.flatMap((s) => (s.credential.via === 'api-key' ? [s.credential.apiKeyId] : [])))];
      // Terminals opened in a team's account stand only while their person is a member of it.
      const teamSessions = new Map(live.filter((s) => s.accountId !== s.userId).map((s) => [membershipKey(s.accountId, s.userId), { teamId: s.accountId, userId: s.userId }]));
      const sessionKeys = [...new Set(live.flatMap((s) => (s.credential.via === 'token' && s.credential.sessionKey ? [s.credential.sessionKey] : [])))];
      let standing;
      let signedOutKeys: Set<string>;
      const at = clock.now();
      try {
        [standing, signedOutKeys] = await Promise.all([stillStanding(db, deploymentIds, apiKeyIds, at, [...teamSessions.values()]), signedOutAmong(db, sessionKeys, at)]);
      } catch (err) {
        log.warn({ err: errorMessage(err) }, 'checking terminals against the database failed; will retry');
        return;
      }
      for (const s of live) {
        if (s.ended) continue;
        if (!standing.deployments.has(s.deploymentId)) sessions.terminate(s, closeCodes.deploymentDeleted, closeReasons.deploymentDeleted);
        else if (s.accountId !== s.userId && !standing.memberships.has(membershipKey(s.accountId, s.userId))) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.memberLeft);
        else if (s.accountId !== s.userId && !roleOpensTerminals(standing.memberships.get(membershipKey(s.accountId, s.userId)) ?? 'billing'))
          sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.roleLostDeploy);
        else if (s.credential.via === 'token' && s.credential.sessionKey !== undefined && signedOutKeys.has(s.credential.sessionKey))
          sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.signedOut);
        else if (s.credential.via === 'api-key' && standing.expiredApiKeys.has(s.credential.apiKeyId)) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.apiKeyExpired);
        else if (s.credential.via === 'api-key' && !standing.apiKeys.has(s.credential.apiKeyId)) sessions.terminate(s, closeCodes.credentialRevoked, closeReasons.apiKeyRevoked);
        else if (s.credential.via === 'token' && s.credential.expiresAt !== undefined && s.credential.expiresAt <= at.getTime() && s.socket) {
          log.info({ deploymentId: s.deploymentId, user: s.userId, kind: s.kind }, 'terminal sign-in expired');
          s.socket.close(closeCodes.signInExpired, closeReasons.signInExpired);
        }
      }
    })().finally(() => (checking = undefined));
    return checking;
  };
}
