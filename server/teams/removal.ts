import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { appPath } from '../../shared/routes/app-paths';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import { notify, type NotifyDeps } from '../notifications/notify';
import type { TerminalEnds } from '../terminal/ends';
import { deleteMember, revokeTeamKeys } from './queries';

/**
 * A member leaves the team, inside the caller's transaction: the member row goes, the team keys
 * they made are revoked, each audited. Answers the revoked keys, whose terminals end with the
 * member's once the transaction is committed (endRemovedMemberTerminals).
 */
export async function dropMember(tx: Db, teamId: string, userId: string, at: Date, who: AuditWho, details: Record<string, unknown>) {
  await deleteMember(tx, teamId, userId);
  const keys = await revokeTeamKeys(tx, teamId, at, userId, details.left === true ? 'The member who created it left the team.' : 'The member who created it was removed from the team.');
  await recordAudit(tx, { ...who, action: 'team.member.removed', target: { type: 'user', id: userId }, subjectUserId: teamId, details: { ...details, api_keys_revoked: keys.length }, at });
  for (const k of keys) {
    await recordAudit(tx, {
      ...who,
      action: 'auth.api_key.revoked',
      target: { type: 'api_key', id: k.id },
      subjectUserId: teamId,
      details: { name: k.name, prefix: k.prefix, reason: 'member_removed' },
      at,
    });
  }
  return keys;
}

/** The removed member's terminals on the team's deployments, and those their revoked keys opened, end at once. */
export function endRemovedMemberTerminals(ends: Pick<TerminalEnds, 'memberLeft' | 'apiKeyRevoked'> | undefined, teamId: string, userId: string, keys: readonly { id: string }[]): void {
  ends?.memberLeft(teamId, userId);
  for (const k of keys) ends?.apiKeyRevoked(k.id);
}

/**
 * Tells a removed person (not one who left): a notice on their own account, mailed by their
 * preferences. After the removal committed; a notice that cannot be written does not undo it.
 */
export async function noticeRemoval(
  deps: NotifyDeps & { logger?: Pick<Logger, 'warn'> | undefined },
  o: { teamId: string; userId: string; why: string; keysRevoked: number; at: Date },
): Promise<void> {
  try {
    const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.accountId, o.teamId));
    const name = team?.name ?? 'a team';
    const keys = o.keysRevoked === 0 ? '' : ` The ${o.keysRevoked === 1 ? 'team API key' : `${o.keysRevoked} team API keys`} you made ${o.keysRevoked === 1 ? 'was' : 'were'} revoked.`;
    await notify(deps, {
      userId: o.userId,
      kind: 'team_membership_ended',
      dedupeKey: `team_membership_ended:${o.teamId}:${o.userId}:${o.at.getTime()}`,
      title: `You were removed from ${name}`,
      body: `${o.why} Its deployments, balance, licenses and API keys are no longer open to you, and your terminals on its deployments were closed.${keys}`,
      link: appPath('teams'),
    });
  } catch (err) {
    deps.logger?.warn({ err }, 'could not record the team removal notification');
  }
}
