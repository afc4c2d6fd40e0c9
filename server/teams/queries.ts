import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamRole } from '../../shared/teams/roles';
import type { Db } from '../db/client';
import { apiKeys, balances, deployments, teamInvitations, teamMembers, teams, users } from '../db/schema';
import { visible } from '../deployments/queries';

/** The issuer of team account rows: not a URL, so no identity provider's subject can meet it. */
export const teamIssuer = 'team';

/**
 * A new team in one transaction: its account row (kind `team`, the name where a person's row keeps
 * the e-mail), its balance row with the free credit marked as given (the free credit is a person's,
 * once), the team row and its creator as owner. Answers the team's account id.
 */
export async function insertTeam(db: Db, creatorId: string, name: string, at: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(users).values({ issuer: teamIssuer, subject: randomUUID(), email: name, kind: 'team', createdAt: at }).returning({ id: users.id });
    if (!account) throw new Error('team account insert returned nothing');
    await tx.insert(balances).values({ userId: account.id, freeCreditGranted: true, updatedAt: at });
    await tx.insert(teams).values({ accountId: account.id, name, createdBy: creatorId, createdAt: at });
    await tx.insert(teamMembers).values({ teamId: account.id, userId: creatorId, role: 'owner', source: 'creator', joinedAt: at });
    return account.id;
  });
}

/** The teams (not deleted) a person owns, counted under a lock on the person's row, so two creates at once cannot both pass the cap. */
export async function lockAndCountOwnedTeams(tx: Db, personId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, personId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.accountId, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, personId), eq(teamMembers.role, 'owner'), isNull(teams.deletedAt)));
  return row?.n ?? 0;
}

/** Adds a member (or changes the role of one already in). */
export async function upsertMember(db: Db, teamId: string, userId: string, role: TeamRole, source: 'invitation' | 'idp', at: Date): Promise<void> {
  await db
    .insert(teamMembers)
    .values({ teamId, userId, role, source, joinedAt: at })
    .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role } });
}

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;

/** A team that is not deleted, locked for the rest of the transaction when `lock`. */
export async function liveTeam(db: Db, teamId: string, lock = false): Promise<TeamRow | undefined> {
  const query = db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, teamId), isNull(teams.deletedAt)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** A member's row (role, source), or undefined. */
export async function memberRow(db: Db, teamId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

/** The members with their e-mails: the owner first, then by joining time. */
export function membersOf(db: Db, teamId: string) {
  return db
    .select({ userId: teamMembers.userId, email: users.email, role: teamMembers.role, source: teamMembers.source, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt), asc(users.email));
}

/** How many members each of these teams has. */
export async function memberCounts(db: Db, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db.select({ teamId: teamMembers.teamId, n: count() }).from(teamMembers).where(inArray(teamMembers.teamId, teamIds)).groupBy(teamMembers.teamId);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}

/** Whether someone with this e-mail (any case) is a member. */
export async function memberWithEmail(db: Db, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(sql`lower(${users.email})`, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

export async function renameTeam(db: Db, teamId: string, name: string): Promise<void> {
  await db.update(teams).set({ name }).where(eq(teams.accountId, teamId));
  // The account row keeps the name where a person's keeps the e-mail (notices, customer pages).
  await db.update(users).set({ email: name }).where(eq(users.id, teamId));
}

export async function setMemberRole(db: Db, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: Db, teamId: string, userId: string): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Marks the team deleted and removes every member; answers who they were. */
export async function markTeamDeleted(db: Db, teamId: string, at: Date): Promise<string[]> {
  await db.update(teams).set({ deletedAt: at }).where(eq(teams.accountId, teamId));
  const removed = await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId)).returning({ userId: teamMembers.userId });
  return removed.map((r) => r.userId);
}

/** Revokes the team's active API keys (only those `createdBy` made, when given), kept with `reason` for their old links; answers them. */
export function revokeTeamKeys(db: Db, teamId: string, at: Date, createdBy: string | undefined, reason: string) {
  return db
    .update(apiKeys)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(apiKeys.userId, teamId), isNull(apiKeys.revokedAt), createdBy ? eq(apiKeys.createdBy, createdBy) : undefined))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdBy: apiKeys.createdBy });
}

/** The team's deployments not deleted (as the Deployments page lists them). */
export async function liveDeploymentCount(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deployments)
    .where(and(eq(deployments.userId, teamId), visible()));
  return row?.n ?? 0;
}

export async function balanceCentsOf(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ cents: balances.balanceCents }).from(balances).where(eq(balances.userId, accountId));
  return row?.cents ?? 0;
}

export async function insertInvitation(db: Db, row: { teamId: string; email: string; role: TeamRole; tokenHash: string; invitedBy: string; createdAt: Date; expiresAt: Date }): Promise<InvitationRow> {
  const [inserted] = await db.insert(teamInvitations).values(row).returning();
  if (!inserted) throw new Error('invitation insert returned nothing');
  return inserted;
}

/** Invitations neither accepted nor revoked nor expired at `now` for this e-mail (any case). */
export async function pendingInvitationFor(db: Db, teamId: string, email: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(sql`lower(${teamInvitations.email})`, email.toLowerCase()),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** The team's invitations, newest first, with the inviter's e-mail. */
export function invitationsOf(db: Db, teamId: string, limit = 100) {
  return db
    .select({ invitation: teamInvitations, invitedBy: users.email })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.teamId, teamId))
    .orderBy(desc(teamInvitations.createdAt))
    .limit(limit);
}

/** An invitation by its token's hash, with its team and inviter; `lock` holds the row for the transaction. */
export async function invitationByHash(db: Db, tokenHash: string, lock = false) {
  const query = db
    .select({ invitation: teamInvitations, team: teams, invitedBy: users.email })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.accountId, teamInvitations.teamId))
    .innerJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update', { of: teamInvitations }) : query);
  return row;
}

export async function markInvitationAccepted(db: Db, id: string, userId: string, at: Date): Promise<void> {
  await db.update(teamInvitations).set({ acceptedAt: at, acceptedBy: userId }).where(eq(teamInvitations.id, id));
}

/** Revokes one of the team's pending invitations; answers it, or undefined when there is none such. */
export async function revokeInvitationRow(db: Db, teamId: string, id: string, at: Date, declined = false): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({ revokedAt: at, ...(declined ? { declinedAt: at } : {}) })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning();
  return row;
}

/** Revokes every pending invitation of the team (it is being deleted). */
/** Revokes every open invitation of the team; answers those whose link still worked (not expired), to be told. */
export async function revokeAllInvitations(db: Db, teamId: string, at: Date): Promise<{ email: string }[]> {
  const revoked = await db
    .update(teamInvitations)
    .set({ revokedAt: at })
    .where(and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning({ email: teamInvitations.email, expiresAt: teamInvitations.expiresAt });
  return revoked.filter((r) => r.expiresAt > at).map(({ email }) => ({ email }));
}

/** An invitation by its id, with its team and inviter; `lock` holds the row for the transaction. */
export async function invitationById(db: Db, id: string, lock = false) {
  const query = db
    .select({ invitation: teamInvitations, team: teams, invitedBy: users.email })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.accountId, teamInvitations.teamId))
    .innerJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.id, id));
  const [row] = await (lock ? query.for('update', { of: teamInvitations }) : query);
  return row;
}

/** Invitations to this e-mail (any case) still open at `now`, of teams not deleted, newest first. */
export function pendingInvitationsTo(db: Db, email: string, now: Date) {
  return db
    .select({ invitation: teamInvitations, team: teams, invitedBy: users.email })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.accountId, teamInvitations.teamId))
    .innerJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(
      and(
        eq(sql`lower(${teamInvitations.email})`, email.toLowerCase()),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
        isNull(teams.deletedAt),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt))
    .limit(50);
}

/** Gives an invitation a new secret and a new expiry (resent); answers it, or undefined when it was accepted or revoked meanwhile. */
export async function renewInvitationToken(db: Db, teamId: string, id: string, tokenHash: string, expiresAt: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({ tokenHash, expiresAt })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning();
  return row;
}
