import { createHash, randomBytes } from 'node:crypto';
import { invitationDays, type InvitationStatus, type TeamInvitation } from '../../shared/api/teams';
import { roleLabels } from '../../shared/teams/roles';
import { appUrl, invitationUrl } from '../../shared/routes/app-paths';
import { formatDateTime } from '../../shared/format/dates';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { NotifyDeps } from '../notifications/notify';
import type { InvitationRow } from './queries';

const dayMs = 86_400_000;

/** A new invitation secret: 32 random bytes for the link; only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: invitationTokenHash(token) };
}

export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** When an invitation made at `at` lapses. */
export const invitationExpiry = (at: Date) => new Date(at.getTime() + invitationDays * dayMs);

/** What an invitation is at `now`: accepted, declined and revoked stay so; a pending one past its expiry is expired. */
export function invitationStatus(i: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'declinedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (i.acceptedAt) return 'accepted';
  if (i.declinedAt) return 'declined';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export const invitationToWire = (i: InvitationRow, invitedBy: string, now: Date): TeamInvitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: invitationStatus(i, now),
  invited_by: invitedBy,
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
});

/**
 * The invitation e-mail, through the outbox in the caller's transaction (the mailer delivers it,
 * or it stays for the admin's Sent Mail page). It goes to the invited address whatever anyone's
 * preferences: it is the invitation itself.
 */
export async function queueInvitationMail(
  db: Db,
  deps: Pick<NotifyDeps, 'mailTransport' | 'publicUrl'>,
  o: { product: string; to: string; team: string; inviter: string; role: InvitationRow['role']; token: string; at: Date; expiresAt: Date },
): Promise<void> {
  const link = invitationUrl(deps.publicUrl, o.token);
  await queueTeamMail(db, deps, {
    to: o.to,
    subject: `You are invited to join ${o.team} on ${o.product}`,
    body:
      `${o.inviter} invited you to join the team ${o.team} as ${roleLabels[o.role]}.\n\n` +
      `Open the link to accept; sign in with this e-mail address (${o.to}). The link is valid for ${invitationDays} days, until ${formatDateTime(o.expiresAt, 'UTC')} UTC.\n\n` +
      `${link}\n\nIf you did not expect this invitation, ignore this e-mail. ${appUrl(deps.publicUrl, 'landing')}`,
    at: o.at,
  });
}

/**
 * The invited address is told that its link was withdrawn, by hand or with the team's deletion
 * (the address may have no account: an e-mail, not a notice).
 */
export async function queueWithdrawalMail(
  db: Db,
  deps: Pick<NotifyDeps, 'mailTransport' | 'publicUrl'>,
  o: { product: string; to: string; team: string; by: string; teamDeleted?: boolean; at: Date },
): Promise<void> {
  const what = o.teamDeleted ? `deleted the team ${o.team}` : `withdrew the invitation to join the team ${o.team}`;
  await queueTeamMail(db, deps, {
    to: o.to,
    subject: `Your invitation to join ${o.team} on ${o.product} was withdrawn`,
    body: `${o.by} ${what}: the link in the earlier e-mail no longer works.\n\n` + `If you still mean to join, ask the team for a new invitation. ${appUrl(deps.publicUrl, 'landing')}`,
    at: o.at,
  });
}

async function queueTeamMail(db: Db, deps: Pick<NotifyDeps, 'mailTransport'>, m: { to: string; subject: string; body: string; at: Date }): Promise<void> {
  await db.insert(mailOutbox).values({ toAddress: m.to, subject: m.subject, body: m.body, createdAt: m.at, transport: deps.mailTransport });
}
