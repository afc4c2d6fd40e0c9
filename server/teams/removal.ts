import { recordAudit, type AuditWho } from '../audit/service';
import type { Db } from '../db/client';
import type { TerminalEnds } from '../terminal/ends';
import { deleteMember, revokeTeamKeys } from './queries';

/**
 * A member leaves the team, inside the caller's transaction: the member row goes, the team keys
 * they made are revoked, each audited. Answers the revoked keys, whose terminals end with the
 * member's once the transaction is committed (endRemovedMemberTerminals).
 */
export async function dropMember(tx: Db, teamId: string, userId: string, at: Date, who: AuditWho, details: Record<string, unknown>) {
  await deleteMember(tx, teamId, userId);
  const keys = await revokeTeamKeys(tx, teamId, at, userId);
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
