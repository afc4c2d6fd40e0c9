import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, licenses, teamMembers, teams, users } from '../db/schema';

/** `%` and `_` typed in the search are matched as themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string | undefined) {
  if (!search) return undefined;
  const pattern = contains(search);
  return or(ilike(users.email, pattern), ilike(teams.name, pattern), sql`exists (select 1 from ${licenses} where ${licenses.userId} = ${users.id} and ${licenses.organizationName} ilike ${pattern})`);
}

/** Accounts (people and teams) whose e-mail, team name or a licence's organisation contains the search, newest first, with their balance and organisations. */
export async function searchCustomers(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = and(searchCondition(search), sql`${users.email} <> ''`);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        kind: users.kind,
        teamName: teams.name,
        createdAt: users.createdAt,
        balanceCents: sql<number | null>`${balances.balanceCents}`,
        organizations: sql<string[] | null>`(select array_agg(distinct ${licenses.organizationName}) from ${licenses} where ${licenses.userId} = ${users.id})`,
      })
      .from(users)
      .leftJoin(balances, eq(balances.userId, users.id))
      .leftJoin(teams, eq(teams.accountId, users.id))
      .where(where)
      // an exact e-mail first, so the address typed in full is on the first page however many contain it
      .orderBy(...(search ? [desc(sql`lower(${users.email}) = lower(${search})`)] : []), desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).leftJoin(teams, eq(teams.accountId, users.id)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

const roleRank = sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 when 'billing' then 2 else 3 end`;

/** A team's members with their e-mail, owner first, then by role and e-mail. */
export function membersOfTeam(db: Db, teamId: string, limit: number) {
  return db
    .select({ userId: teamMembers.userId, email: users.email, role: teamMembers.role, source: teamMembers.source, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(roleRank, asc(sql`lower(${users.email})`), asc(teamMembers.userId))
    .limit(limit);
}
