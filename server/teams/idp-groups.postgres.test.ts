/** Two instances on one PostgreSQL: people signing in at once with a group naming a team nobody has made yet get one team, not several. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers, teams, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { postgresAvailable, postgresSkipNote } from '../../test/support/postgres';
import { useTwoInstancesOnPostgres } from '../../test/support/two-instances';
import { syncTeamGroups } from './idp-groups';

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'teams from groups with two instances on PostgreSQL' : `teams from groups on PostgreSQL ${postgresSkipNote}`, () => {
  const clock = manualClock();
  const servers = useTwoInstancesOnPostgres({ clock });

  it('eight first sign-ins racing over two instances make one team with eight members', async () => {
    const db = servers[0]?.deps.db;
    if (!db) throw new Error('no server');
    const people = await db
      .insert(users)
      .values(Array.from({ length: 8 }, (_, i) => ({ issuer: 'groups-race', subject: randomUUID(), email: `racer-${i}@example.test` })))
      .returning({ id: users.id });
    await Promise.all(
      people.map((p, i) => {
        const server = servers[i % 2];
        if (!server) throw new Error('no server');
        return syncTeamGroups({ db: server.deps.db, clock, prefix: '/teams/' }, p.id, [i === 0 ? '/teams/Race Crew/admin' : '/teams/Race Crew']);
      }),
    );
    const made = await db.select({ id: teams.accountId }).from(teams).where(eq(teams.name, 'Race Crew'));
    expect(made).toHaveLength(1);
    const members = await db
      .select({ role: teamMembers.role, source: teamMembers.source })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, made[0]?.id ?? ''));
    expect(members).toHaveLength(8);
    expect(members.every((m) => m.source === 'idp')).toBe(true);
    expect(members.filter((m) => m.role === 'admin')).toHaveLength(1);
  });
});
