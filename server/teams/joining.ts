import type { InvitationPreview, InvitationWithLink, MyInvitation, TeamSummary } from '../../shared/api/teams';
import { invitationUrl, teamPath } from '../../shared/routes/app-paths';
import { roleLabels } from '../../shared/teams/roles';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Db } from '../db/client';
import { Conflict, Gone, NotFound } from '../domain-errors';
import { allows, assertAllowed } from '../auth/policy';
import { notify } from '../notifications/notify';
import { invitationExpiry, invitationStatus, invitationTokenHash, invitationToWire, newInvitationToken, queueInvitationMail } from './invitations';
import {
  invitationByHash,
  invitationById,
  markInvitationAccepted,
  memberCounts,
  memberRow,
  pendingInvitationFor,
  pendingInvitationsTo,
  renewInvitationToken,
  revokeInvitationRow,
  upsertMember,
} from './queries';
import { lockedTeam, requireManager, summaryOf, type Person, type TeamDeps } from './service';

/**
 * Issue 43: invitations in the app. Joining by the link's secret or, for the invited person's
 * verified e-mail, from their bell and /teams without any mail; the owner resends (a new link to
 * copy); the link's page tells one true state.
 */

type Found = NonNullable<Awaited<ReturnType<typeof invitationByHash>>>;

const mayUse = (person: Person, email: string) => allows(person, { do: 'accept-invitation', invited: email });

/** What the link invites to; any signed-in holder of the link may look (it is the secret). */
export async function previewInvitation(deps: TeamDeps, person: Person, token: string): Promise<InvitationPreview> {
  const found = await invitationByHash(deps.db, invitationTokenHash(token));
  if (!found || found.team.deletedAt) throw new NotFound('Invitation not found');
  const { invitation: i, team } = found;
  return {
    team_id: team.accountId,
    team_name: team.name,
    role: i.role,
    email: i.email,
    invited_by: found.invitedBy,
    status: invitationStatus(i, deps.clock.now()),
    expires_at: i.expiresAt.toISOString(),
    email_matches: mayUse(person, i.email),
    member: (await memberRow(deps.db, team.accountId, person.id)) !== undefined,
  };
}

/** Joins the team with the invited role, when the caller's verified e-mail is the invited one. */
export function acceptInvitation(deps: TeamDeps, person: Person, token: string, who: AuditWho): Promise<TeamSummary> {
  return join(deps, person, who, (tx) => invitationByHash(tx, invitationTokenHash(token), true));
}

/** The same from the bell or /teams: the invitation by its id, for the caller's verified e-mail only (anyone else: 404, it is not theirs to see). */
export function acceptMine(deps: TeamDeps, person: Person, invitationId: string, who: AuditWho): Promise<TeamSummary> {
  return join(deps, person, who, async (tx) => {
    const found = await invitationById(tx, invitationId, true);
    return found && mayUse(person, found.invitation.email) ? found : undefined;
  });
}

async function join(deps: TeamDeps, person: Person, who: AuditWho, find: (tx: Db) => Promise<Found | undefined>): Promise<TeamSummary> {
  const at = deps.clock.now();
  const team = await deps.db.transaction(async (tx) => {
    const found = await find(tx);
    if (!found || found.team.deletedAt) throw new NotFound('Invitation not found');
    const { invitation: i } = found;
    const status = invitationStatus(i, at);
    if (status === 'accepted') throw new Gone('This invitation was already accepted');
    if (status === 'revoked') throw new Gone('This invitation was revoked: ask the team for a new one');
    if (status === 'declined') throw new Gone('This invitation was declined: ask the team for a new one');
    if (status === 'expired') throw new Gone(`This invitation expired on ${i.expiresAt.toISOString()}: ask the team for a new one`);
    assertAllowed(person, { do: 'accept-invitation', invited: i.email });
    if (await memberRow(tx, i.teamId, person.id)) throw new Conflict(`You are already a member of ${found.team.name}`);
    await upsertMember(tx, i.teamId, person.id, i.role, 'invitation', at);
    await markInvitationAccepted(tx, i.id, person.id, at);
    await recordAudit(tx, {
      ...who,
      action: 'team.member.joined',
      target: { type: 'user', id: person.id },
      subjectUserId: i.teamId,
      details: { invitation_id: i.id, role: i.role, email: i.email },
      at,
    });
    return { row: found.team, role: i.role, invitationId: i.id };
  });
  await notify(deps, {
    userId: team.row.accountId,
    kind: 'team_member_joined',
    dedupeKey: `team_member_joined:${team.invitationId}`,
    title: `${person.email} joined ${team.row.name}`,
    body: `${person.email} accepted the invitation and joined ${team.row.name} as ${roleLabels[team.role]}.`,
    link: teamPath(team.row.accountId),
    actorId: person.id,
    // The member joined: a notice that cannot be written must not turn that into an error.
  }).catch((err: unknown) => deps.logger.warn({ err }, 'could not record the team member joined notification'));
  const counts = await memberCounts(deps.db, [team.row.accountId]);
  return summaryOf(team.row, team.role, counts.get(team.row.accountId) ?? 0);
}

/** Invitations waiting for the caller's verified e-mail; none while it is not verified (the address is not yet theirs). */
export async function myInvitations(deps: Pick<TeamDeps, 'db' | 'clock'>, person: Person): Promise<MyInvitation[]> {
  if (person.emailVerified !== true) return [];
  const rows = await pendingInvitationsTo(deps.db, person.email, deps.clock.now());
  return rows.map(({ invitation: i, team, invitedBy }) => ({
    id: i.id,
    team_id: team.accountId,
    team_name: team.name,
    role: i.role,
    invited_by: invitedBy,
    expires_at: i.expiresAt.toISOString(),
  }));
}

/** The invited person says no: the invitation is declined (its link stops working; the team sees Declined) and the team's log says who declined. */
export async function declineMine(deps: TeamDeps, person: Person, invitationId: string, who: AuditWho): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await invitationById(tx, invitationId, true);
    if (!found || !mayUse(person, found.invitation.email) || invitationStatus(found.invitation, at) !== 'pending') throw new NotFound('Invitation not found, or no longer pending');
    await revokeInvitationRow(tx, found.invitation.teamId, invitationId, at, true);
    await recordAudit(tx, {
      ...who,
      action: 'team.invitation.declined',
      target: { type: 'invitation', id: invitationId },
      subjectUserId: found.invitation.teamId,
      details: { email: found.invitation.email, role: found.invitation.role },
      at,
    });
  });
}

/**
 * A new link for an invitation not yet accepted nor revoked (owner, admin): a new secret (the
 * earlier link stops working) valid 7 days from now, mailed again and answered so the owner can
 * copy it when no mail server delivers it.
 */
export async function resendInvitation(deps: TeamDeps, person: Person, teamId: string, invitationId: string, who: AuditWho): Promise<InvitationWithLink> {
  await requireManager(deps.db, teamId, person.id, 'resend invitations');
  const at = deps.clock.now();
  const { token, hash } = newInvitationToken();
  const expiresAt = invitationExpiry(at);
  const row = await deps.db.transaction(async (tx) => {
    const team = await lockedTeam(tx, teamId);
    const current = await invitationById(tx, invitationId, true);
    if (!current || current.invitation.teamId !== teamId) throw new NotFound('Invitation not found');
    const other = await pendingInvitationFor(tx, teamId, current.invitation.email, at);
    if (other && other.id !== invitationId) throw new Conflict(`${current.invitation.email} already has a pending invitation to ${team.name}: resend that one`);
    const renewed = await renewInvitationToken(tx, teamId, invitationId, hash, expiresAt);
    if (!renewed) throw new Conflict('This invitation was already accepted or revoked: invite again instead');
    await queueInvitationMail(tx, deps, { product: deps.product, to: renewed.email, team: team.name, inviter: person.email, role: renewed.role, token, at, expiresAt });
    await recordAudit(tx, {
      ...who,
      action: 'team.invitation.resent',
      target: { type: 'invitation', id: invitationId },
      subjectUserId: teamId,
      details: { email: renewed.email, role: renewed.role },
      at,
    });
    return renewed;
  });
  return { ...invitationToWire(row, person.email, at), link: invitationUrl(deps.publicUrl, token), mailed: deps.mailTransport === 'smtp' };
}
