import { dropMember, endRemovedMemberTerminals, noticeRemoval } from './removal';
import type { Logger } from 'pino';
import type { InvitationWithLink, TeamDetail, TeamMember, TeamSummary } from '../../shared/api/teams';
import { invitationUrl } from '../../shared/routes/app-paths';
import type { AssignableRole, TeamRole } from '../../shared/teams/roles';
import { allows, asMember, assertAllowed } from '../auth/policy';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Db } from '../db/client';
import { Conflict, InvalidInput, LimitReached, NotFound } from '../domain-errors';
import type { NotifyDeps } from '../notifications/notify';
import type { TerminalEnds } from '../terminal/ends';
import { roleOpensTerminals } from '../terminal/authorise';
import { membershipOf, teamsOf } from './membership';
import { billableAccount, moveWithin } from '../billing/move-credit';
import { lockBalance } from '../billing/ledger';
import { liveLicenceCount, moveLicences } from '../licenses/queries';
import { invitationExpiry, invitationToWire, newInvitationToken, queueInvitationMail, queueWithdrawalMail } from './invitations';
import {
  balanceCentsOf,
  insertInvitation,
  insertTeam,
  lockAndCountOwnedTeams,
  invitationsOf,
  liveDeploymentCount,
  liveTeam,
  markTeamDeleted,
  memberCounts,
  memberRow,
  membersOf,
  memberWithEmail,
  pendingInvitationFor,
  renameTeam,
  revokeAllInvitations,
  revokeInvitationRow,
  revokeTeamKeys,
  setMemberRole,
  type TeamRow,
} from './queries';

export interface TeamDeps extends NotifyDeps {
  /** the product's name, in the invitation e-mail */
  product: string;
  logger: Pick<Logger, 'warn'>;
  /** removals and deletion end the terminals of those who leave and of the keys revoked */
  terminalEnds?: Pick<TerminalEnds, 'memberLeft' | 'apiKeyRevoked' | 'roleLostDeploy'>;
  /** teams one person may own at once (MAX_TEAMS_PER_PERSON); unset: no cap */
  maxTeamsPerPerson?: number;
}

/** The person acting: teams are the person's, whichever account the request names. */
export interface Person {
  id: string;
  email: string;
  emailVerified?: boolean;
}

const notFound = () => new NotFound('Team not found');

export const summaryOf = (team: Pick<TeamRow, 'accountId' | 'name' | 'createdAt'>, role: TeamRole, members: number): TeamSummary => ({
  id: team.accountId,
  name: team.name,
  role,
  members,
  created_at: team.createdAt.toISOString(),
});

/** The caller's role in a live team; 404 when they are not a member (a stranger learns nothing of it). */
async function roleIn(db: Db, teamId: string, personId: string): Promise<TeamRole> {
  const member = await membershipOf(db, teamId, personId);
  if (!member) throw notFound();
  return member.role;
}

export async function requireManager(db: Db, teamId: string, personId: string, what: string): Promise<TeamRole> {
  const role = await roleIn(db, teamId, personId);
  assertAllowed(asMember(teamId, role), { do: 'manage-members', what });
  return role;
}

async function requireOwner(db: Db, teamId: string, personId: string, what: string): Promise<void> {
  assertAllowed(asMember(teamId, await roleIn(db, teamId, personId)), { do: 'own-team', what });
}

/** A live team inside a transaction, locked, or 404. */
export async function lockedTeam(tx: Db, teamId: string): Promise<TeamRow> {
  const team = await liveTeam(tx, teamId, true);
  if (!team) throw notFound();
  return team;
}

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

export async function listTeams(deps: Pick<TeamDeps, 'db'>, personId: string): Promise<TeamSummary[]> {
  const mine = await teamsOf(deps.db, personId);
  const counts = await memberCounts(
    deps.db,
    mine.map((t) => t.id),
  );
  return mine.map((t) => summaryOf({ accountId: t.id, name: t.name, createdAt: t.createdAt }, t.role, counts.get(t.id) ?? 0));
}

export async function createTeam(deps: TeamDeps, person: Person, name: string, who: AuditWho): Promise<TeamSummary> {
  const at = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const max = deps.maxTeamsPerPerson;
    if (max !== undefined) {
      const owned = await lockAndCountOwnedTeams(tx, person.id);
      // 429 like the machine caps: the limit frees up when a team is deleted or handed over.
      if (owned >= max)
        throw new LimitReached(`Team limit reached: at most ${max} teams per person are allowed, and you own ${owned}. Delete or hand over one to create another.`, {
          limit: 'teams_per_person',
          max,
          owned,
        });
    }
    const teamId = await insertTeam(tx, person.id, name, at);
    await recordAudit(tx, { ...who, action: 'team.created', target: { type: 'team', id: teamId }, subjectUserId: teamId, details: { name }, at });
    return teamId;
  });
  return summaryOf({ accountId: id, name, createdAt: at }, 'owner', 1);
}

export async function teamDetail(deps: TeamDeps, personId: string, teamId: string): Promise<TeamDetail> {
  const role = await roleIn(deps.db, teamId, personId);
  const team = await liveTeam(deps.db, teamId);
  if (!team) throw notFound();
  const now = deps.clock.now();
  const [members, invitations, balance, running, licences] = await Promise.all([
    membersOf(deps.db, teamId),
    allows(asMember(teamId, role), { do: 'manage-members', what: 'see invitations' }) ? invitationsOf(deps.db, teamId) : Promise.resolve([]),
    balanceCentsOf(deps.db, teamId),
    liveDeploymentCount(deps.db, teamId),
    liveLicenceCount(deps.db, teamId, now),
  ]);
  return {
    ...summaryOf(team, role, members.length),
    member_list: members.map(memberToWire),
    invitations: invitations.map((i) => invitationToWire(i.invitation, i.invitedBy, now)),
    balance_cents: balance,
    running_deployments: running,
    live_licences: licences,
  };
}

const memberToWire = (m: { userId: string; email: string; role: TeamRole; source: TeamMember['source']; joinedAt: Date }): TeamMember => ({
  user_id: m.userId,
  email: m.email,
  role: m.role,
  source: m.source,
  joined_at: m.joinedAt.toISOString(),
});

export async function renameTeamAs(deps: TeamDeps, personId: string, teamId: string, name: string, who: AuditWho): Promise<TeamSummary> {
  const role = await requireManager(deps.db, teamId, personId, 'rename the team');
  const at = deps.clock.now();
  const team = await deps.db.transaction(async (tx) => {
    const before = await lockedTeam(tx, teamId);
    await renameTeam(tx, teamId, name);
    await recordAudit(tx, { ...who, action: 'team.renamed', target: { type: 'team', id: teamId }, subjectUserId: teamId, details: { from: before.name, to: name }, at });
    return before;
  });
  const counts = await memberCounts(deps.db, [teamId]);
  return summaryOf({ ...team, name }, role, counts.get(teamId) ?? 0);
}

/**
 * Deletes a team (owner only) that has no deployment left: the team row is kept (marked deleted)
 * for the ledger and the audit log; every member is removed, every team API key revoked and every
 * pending invitation revoked, in one transaction. Credit and live licences never stay behind in a
 * deleted team: they move, in the same transaction, to `moveTo` (the owner's own account or another
 * team they can bill in); without one the deletion is refused with that offer (409).
 */
export async function deleteTeam(deps: TeamDeps, person: Person, teamId: string, who: AuditWho, moveTo?: string): Promise<void> {
  await requireOwner(deps.db, teamId, person.id, 'delete the team');
  if (moveTo === teamId) throw new InvalidInput('Choose another account than the team itself for its credit and licences');
  const target = moveTo ? await billableAccount(deps.db, person, moveTo) : undefined;
  const at = deps.clock.now();
  const { members, keys } = await deps.db.transaction(async (tx) => {
    const team = await lockedTeam(tx, teamId);
    const running = await liveDeploymentCount(tx, teamId);
    if (running > 0)
      throw new Conflict(`${team.name} still has ${running} deployment${running === 1 ? '' : 's'}: delete ${running === 1 ? 'it' : 'them'} before deleting the team`, { running_deployments: running });
    // both balance rows in id order, as every move locks them, so a move between the two at this moment cannot deadlock
    for (const id of [teamId, target?.id ?? teamId].sort()) await lockBalance(tx, id);
    const balance = await balanceCentsOf(tx, teamId);
    if (balance < 0) throw new Conflict(`${team.name}'s balance is ${dollars(balance)}: add funds to bring it to $0.00 before deleting the team`, { balance_cents: balance });
    const licences = await liveLicenceCount(tx, teamId, at);
    if (!target && (balance > 0 || licences > 0))
      throw new Conflict(
        `${team.name} still holds ${leftBehind(balance, licences)}: choose one of your accounts to move ${balance > 0 && licences > 0 ? 'them' : 'it'} to, and the team is deleted after the move`,
        {
          balance_cents: balance,
          live_licences: licences,
          code: 'move_first',
        },
      );
    const from = { id: teamId, kind: 'team' as const, name: team.name };
    if (target && balance > 0) await moveWithin(tx, { from, to: target, amountCents: balance, who, at });
    const movedLicences = target ? await moveLicences(tx, teamId, { id: target.id, email: target.kind === 'personal' ? person.email : undefined }) : [];
    const revoked = await revokeTeamKeys(tx, teamId, at, undefined, 'The team was deleted.');
    for (const invitation of await revokeAllInvitations(tx, teamId, at)) {
      await queueWithdrawalMail(tx, deps, { product: deps.product, to: invitation.email, team: team.name, by: person.email, teamDeleted: true, at });
    }
    const removed = await markTeamDeleted(tx, teamId, at);
    await recordAudit(tx, {
      ...who,
      action: 'team.deleted',
      target: { type: 'team', id: teamId },
      subjectUserId: teamId,
      details: {
        name: team.name,
        members: removed.length,
        api_keys_revoked: revoked.length,
        ...(target ? { moved_to: target.id, credit_moved_cents: Math.max(balance, 0), licences_moved: movedLicences } : {}),
      },
      at,
    });
    return { members: removed, keys: revoked };
  });
  for (const userId of members) deps.terminalEnds?.memberLeft(teamId, userId);
  for (const k of keys) deps.terminalEnds?.apiKeyRevoked(k.id);
  for (const userId of members.filter((id) => id !== person.id)) {
    await noticeRemoval(deps, { teamId, userId, why: `${person.email} deleted the team.`, keysRevoked: 0, at });
  }
}

/** "$12.00 and 2 live licences" */
function leftBehind(balance: number, licences: number): string {
  const parts = [balance > 0 ? dollars(balance) : '', licences > 0 ? `${licences} live licence${licences === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.join(' and ');
}

/** Makes another member the owner (owner only); the old owner stays on as an admin. */
export async function transferOwnership(deps: TeamDeps, personId: string, teamId: string, toUserId: string, who: AuditWho): Promise<TeamDetail> {
  await requireOwner(deps.db, teamId, personId, 'transfer ownership');
  if (toUserId === personId) throw new InvalidInput('You already own this team: choose another member');
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockedTeam(tx, teamId);
    const target = await memberRow(tx, teamId, toUserId);
    if (!target) throw new NotFound('Member not found: only a member of the team can become its owner');
    // Checked again under the lock: two transfers at once must not leave two owners.
    const me = await memberRow(tx, teamId, personId);
    assertAllowed(asMember(teamId, me?.role), { do: 'own-team', what: 'transfer ownership' });
    await setMemberRole(tx, teamId, toUserId, 'owner');
    await setMemberRole(tx, teamId, personId, 'admin');
    await recordAudit(tx, {
      ...who,
      action: 'team.ownership.transferred',
      target: { type: 'user', id: toUserId },
      subjectUserId: teamId,
      details: { from: personId, to: toUserId, previous_role: target.role },
      at,
    });
  });
  return teamDetail(deps, personId, teamId);
}

/** Invites an e-mail address (owner, admin): the link's secret is mailed, only its hash kept; it lapses after `invitationDays`. */
export async function invite(deps: TeamDeps, person: Person, teamId: string, body: { email: string; role: AssignableRole }, who: AuditWho): Promise<InvitationWithLink> {
  await requireManager(deps.db, teamId, person.id, 'invite members');
  const at = deps.clock.now();
  const email = body.email.trim();
  const { token, hash } = newInvitationToken();
  const expiresAt = invitationExpiry(at);
  const row = await deps.db.transaction(async (tx) => {
    // The lock makes two invitations of the same address at once queue: the second sees the first.
    const team = await lockedTeam(tx, teamId);
    if (await memberWithEmail(tx, teamId, email)) throw new Conflict(`${email} is already a member of ${team.name}`);
    if (await pendingInvitationFor(tx, teamId, email, at)) throw new Conflict(`${email} already has a pending invitation to ${team.name}: revoke it to send a new one`);
    const created = await insertInvitation(tx, { teamId, email, role: body.role, tokenHash: hash, invitedBy: person.id, createdAt: at, expiresAt });
    await queueInvitationMail(tx, deps, { product: deps.product, to: email, team: team.name, inviter: person.email, role: body.role, token, at, expiresAt });
    await recordAudit(tx, { ...who, action: 'team.member.invited', target: { type: 'invitation', id: created.id }, subjectUserId: teamId, details: { email, role: body.role }, at });
    return created;
  });
  return { ...invitationToWire(row, person.email, at), link: invitationUrl(deps.publicUrl, token), mailed: deps.mailTransport === 'smtp' };
}

/** Revokes a pending invitation (owner, admin); the invited address is told by e-mail that the link no longer works. */
export async function revokeInvitation(deps: TeamDeps, person: Person, teamId: string, invitationId: string, who: AuditWho): Promise<void> {
  await requireManager(deps.db, teamId, person.id, 'revoke invitations');
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const team = await lockedTeam(tx, teamId);
    const row = await revokeInvitationRow(tx, teamId, invitationId, at);
    if (!row) throw new NotFound('Invitation not found, or already accepted or revoked');
    await queueWithdrawalMail(tx, deps, { product: deps.product, to: row.email, team: team.name, by: person.email, at });
    await recordAudit(tx, { ...who, action: 'team.invitation.revoked', target: { type: 'invitation', id: row.id }, subjectUserId: teamId, details: { email: row.email, role: row.role }, at });
  });
}

/** Changes a member's role (owner, admin); the owner's role changes only by a transfer. */
export async function changeRole(deps: TeamDeps, personId: string, teamId: string, userId: string, role: AssignableRole, who: AuditWho): Promise<TeamMember> {
  const actorRole = await requireManager(deps.db, teamId, personId, "change members' roles");
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockedTeam(tx, teamId);
    const target = await memberRow(tx, teamId, userId);
    if (!target) throw new NotFound('Member not found');
    assertAllowed(asMember(teamId, actorRole), { do: 'change-role', of: target.role });
    if (target.role === role) return;
    await setMemberRole(tx, teamId, userId, role);
    await recordAudit(tx, { ...who, action: 'team.member.role_changed', target: { type: 'user', id: userId }, subjectUserId: teamId, details: { from: target.role, to: role }, at });
  });
  // As a removal does: a role without `deploy` holds no terminal on the team's machines (other instances: their bridge's check).
  if (!roleOpensTerminals(role)) deps.terminalEnds?.roleLostDeploy(teamId, userId);
  const member = (await membersOf(deps.db, teamId)).find((m) => m.userId === userId);
  if (!member) throw new NotFound('Member not found');
  return memberToWire(member);
}

/**
 * Removes a member (owner, admin) or lets one leave (anyone but the owner). Their team API keys
 * are revoked with them, and their terminals on the team's deployments end; the deployments stay
 * the team's.
 */
export async function removeMember(deps: TeamDeps, person: Person, teamId: string, userId: string, who: AuditWho): Promise<void> {
  const leaving = userId === person.id;
  const role = await roleIn(deps.db, teamId, person.id);
  if (leaving && role === 'owner') throw new Conflict('Transfer ownership first: the owner cannot leave the team');
  assertAllowed(asMember(teamId, role), { do: 'remove-member', leaving });
  const at = deps.clock.now();
  const keys = await deps.db.transaction(async (tx) => {
    await lockedTeam(tx, teamId);
    const target = await memberRow(tx, teamId, userId);
    if (!target) throw new NotFound('Member not found');
    assertAllowed(asMember(teamId, role), { do: 'remove-member', leaving, of: target.role });
    return dropMember(tx, teamId, userId, at, who, { role: target.role, left: leaving });
  });
  endRemovedMemberTerminals(deps.terminalEnds, teamId, userId, keys);
  if (!leaving) await noticeRemoval(deps, { teamId, userId, why: `${person.email} removed you from the team.`, keysRevoked: keys.length, at });
}
