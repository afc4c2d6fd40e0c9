import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { teamName } from '../../shared/api/teams';
import { assignableRoles, type AssignableRole } from '../../shared/teams/roles';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { teamMembers, teams } from '../db/schema';
import type { Logger } from 'pino';
import type { NotifyDeps } from '../notifications/notify';
import type { TerminalEnds } from '../terminal/ends';
import { roleOpensTerminals } from '../terminal/authorise';
import { recordAudit } from '../audit/service';
import { insertTeam } from './queries';
import { dropMember, endRemovedMemberTerminals, noticeRemoval } from './removal';

/**
 * Team memberships from an external issuer's `groups` claim (TEAM_GROUPS_PREFIX, issue 34): at each
 * sign-in, `<prefix><team name>` makes the person a member of that team, `<prefix><team name>/<role>`
 * gives that role (admin, member or billing; ownership is never given by a group). Only memberships
 * this sync made (`source = 'idp'`) are changed or removed; those from an invitation or from creating
 * the team are the team's own business.
 */

/** When a person is in several groups of one team: the first of these their groups name. */
const rolePrecedence: readonly AssignableRole[] = ['admin', 'member', 'billing'];

/** The teams and roles the groups name under the prefix; anything else (other groups, `owner`, deeper paths, names a team cannot have) is ignored. */
export function teamsFromGroups(groups: readonly string[], prefix: string): Map<string, AssignableRole> {
  const wanted = new Map<string, AssignableRole>();
  for (const group of groups) {
    if (!group.startsWith(prefix)) continue;
    const [name = '', role = 'member', ...deeper] = group.slice(prefix.length).split('/');
    if (deeper.length > 0 || !(assignableRoles as readonly string[]).includes(role)) continue;
    const parsed = teamName.safeParse(name);
    if (!parsed.success || parsed.data !== name) continue;
    const current = wanted.get(name);
    const given = role as AssignableRole;
    if (!current || rolePrecedence.indexOf(given) < rolePrecedence.indexOf(current)) wanted.set(name, given);
  }
  return wanted;
}

export interface IdpGroupDeps {
  db: Db;
  clock: Clock;
  prefix: string;
  /** a membership the claim no longer holds was removed: the person's terminals on the team's deployments end, and those of the keys revoked with it */
  terminalEnds?: Pick<TerminalEnds, 'memberLeft' | 'apiKeyRevoked' | 'roleLostDeploy'>;
  /** where a person removed by the claim is told (their notice, mailed by their preferences) */
  notices?: NotifyDeps & { logger?: Pick<Logger, 'warn'> };
}

/**
 * The team a group names: the oldest team of that name made from groups (not deleted), created by
 * this person when none exists. A lock on the name keeps two first sign-ins from creating it twice.
 * A team made here has no owner: its creator joins with the role the group gives (the creator row
 * insertTeam writes is turned into that idp membership), and its members are managed in the
 * identity provider. A team someone created in Launchpad always has an owner and is never joined
 * by a group, so nobody can draw a group's members into a team by giving it the group's name.
 */
async function teamNamed(db: Db, name: string, personId: string, role: AssignableRole, at: Date): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`launchpad-team-name:${name}`}))`);
    const [found] = await tx
      .select({ id: teams.accountId })
      .from(teams)
      .where(and(eq(teams.name, name), isNull(teams.deletedAt), sql`not exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.accountId} and ${teamMembers.role} = 'owner')`))
      .orderBy(asc(teams.createdAt), asc(teams.accountId))
      .limit(1);
    if (found) return { id: found.id, created: false };
    const id = await insertTeam(tx, personId, name, at);
    await recordAudit(tx, { action: 'team.created', target: { type: 'team', id }, subjectUserId: id, details: { name, source: 'idp' }, at });
    await tx
      .update(teamMembers)
      .set({ role, source: 'idp' })
      .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, personId)));
    return { id, created: true };
  });
}

/** Brings one person's idp memberships in step with their token's groups. */
export async function syncTeamGroups(deps: IdpGroupDeps, personId: string, groups: readonly string[]): Promise<void> {
  const { db } = deps;
  const at = deps.clock.now();
  const wanted = teamsFromGroups(groups, deps.prefix);
  const keep = new Set<string>();
  for (const [name, role] of wanted) {
    const team = await teamNamed(db, name, personId, role, at);
    keep.add(team.id);
    if (team.created) continue;
    const [existing] = await db
      .select({ role: teamMembers.role, source: teamMembers.source })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, personId)));
    if (!existing) {
      const [joined] = await db.insert(teamMembers).values({ teamId: team.id, userId: personId, role, source: 'idp', joinedAt: at }).onConflictDoNothing().returning({ userId: teamMembers.userId });
      if (joined) await recordAudit(db, { action: 'team.member.joined', target: { type: 'user', id: personId }, subjectUserId: team.id, details: { role, source: 'idp' }, at });
    } else if (existing.source === 'idp' && existing.role !== role) {
      await db
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, personId), eq(teamMembers.source, 'idp')));
      if (!roleOpensTerminals(role)) deps.terminalEnds?.roleLostDeploy(team.id, personId);
    }
  }

  const held = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, personId), eq(teamMembers.source, 'idp')));
  for (const m of held.filter((h) => !keep.has(h.teamId))) await removeIdpMember(deps, m.teamId, personId, m.role, at);
}

/**
 * The way a manual removal goes (teams/service.ts removeMember, whose actor check does not apply:
 * nobody in Launchpad removed them, the identity provider did): the member row, the team keys they
 * made, the audit events, then their terminals and the keys' terminals end.
 */
async function removeIdpMember(deps: IdpGroupDeps, teamId: string, personId: string, role: string, at: Date): Promise<void> {
  const keys = await deps.db.transaction((tx) => dropMember(tx, teamId, personId, at, {}, { role, left: false, source: 'idp', reason: 'no longer in the identity provider group' }));
  endRemovedMemberTerminals(deps.terminalEnds, teamId, personId, keys);
  if (deps.notices) await noticeRemoval(deps.notices, { teamId, userId: personId, why: "Your identity provider no longer lists you in the team's group.", keysRevoked: keys.length, at });
}
