/**
 * Moving credit between accounts (issue 43): an owner or billing member moves a team's credit to
 * their own account and back, 20 moves at once in both directions, each one transaction with a
 * ledger row on each side and an audit event on each account. The sum of both balances never
 * changes, neither goes below zero, and every balance equals the sum of its ledger; on the
 * in-memory database and on PostgreSQL (a real pool, so the moves run in parallel transactions).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from '../../shared/api/billing';
import { customersContract } from '../../shared/api/customers';
import { auditEvents, ledgerEntries } from '../db/schema';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call, errorOf, send } from '../../test/support/typed-client';

const pgAvailable = await postgresAvailable();
const names = ['owner', 'payer', 'member'] as const;
const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('moving credit between accounts on the %s', (label, usePostgres) => {
  let pgdb: TestPostgresDatabase | undefined;
  let server: TestServer;
  let teamId: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;
  const skip = usePostgres && !pgAvailable;

  beforeAll(async () => {
    if (skip) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    server = await startTestServer({ ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), DEV_USERS: devUsersWith(names), LOCAL_SANDBOX: 'none' });
    for (const n of names) people[n] = await signInPerson(server, n);
    teamId = await makeTeam(server.deps.db, 'Move Team', people.owner, [
      [people.payer, 'billing'],
      [people.member, 'member'],
    ]);
    const admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
    await call(server, customersContract.topup, { params: { id: teamId }, body: { amount_cents: 1000, reason: 'Move test' } }, { token: admin });
  }, 300_000);

  afterAll(async () => {
    if (server) {
      const inv = await ledgerInvariant(server.deps.db);
      console.log(`ledger invariant after the moves (${label}): ${inv.users} accounts, ${inv.mismatches} mismatches, ${inv.negative} negative`);
      expect(inv).toMatchObject({ mismatches: 0, negative: 0 });
      await server.services.tasks.drain();
    }
    await server?.cleanup();
    await pgdb?.drop();
  }, 120_000);

  const balanceOf = async (token: string, headers: Record<string, string> = {}) => (await call(server, billingContract.balance, { headers } as never, { token })).balance_cents;
  const move = (token: string, from: string | undefined, to: string, amount_cents: number) =>
    send(server, billingContract.moveCredit, { body: { to_account: to, amount_cents }, headers: from ? inAccount(from) : {} } as never, { token });

  it.skipIf(skip)(
    'a billing member moves credit out of the team and back, 20 moves at once: exact on both sides, a ledger row and an audit event each',
    async () => {
      const team0 = await balanceOf(people.payer.accessToken, inAccount(teamId));
      const own0 = await balanceOf(people.payer.accessToken);
      expect(team0).toBe(1000);
      // 10 moves of $1 out of the team and 10 of $0.50 back, all at once
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? move(people.payer.accessToken, teamId, people.payer.id, 100) : move(people.payer.accessToken, undefined, teamId, 50))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(await balanceOf(people.payer.accessToken, inAccount(teamId))).toBe(team0 - 500);
      expect(await balanceOf(people.payer.accessToken)).toBe(own0 + 500);
      const rows = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'));
      expect(rows).toHaveLength(40);
      expect(rows.filter((r) => r.userId === teamId && r.description === 'Moved to payer@example.test (personal account)')).toHaveLength(10);
      expect(rows.filter((r) => r.userId === people.payer.id && r.description === 'Moved from Move Team (team)')).toHaveLength(10);
      const audited = await server.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'balance.moved'), eq(auditEvents.subjectUserId, teamId)));
      expect(audited).toHaveLength(20);
    },
    300_000,
  );

  it.skipIf(skip)(
    'refuses what it cannot do, moving nothing: more than the balance, a member, a team one cannot bill in, a stranger account',
    async () => {
      const team0 = await balanceOf(people.owner.accessToken, inAccount(teamId));
      const tooMuch = await move(people.owner.accessToken, teamId, people.owner.id, team0 + 1);
      expect(tooMuch.status).toBe(402);
      const byMember = await move(people.member.accessToken, teamId, people.member.id, 1);
      expect([byMember.status, errorOf(byMember).error]).toEqual([403, 'Only the owner, admins and billing members can move credit']);
      const intoWhereMember = await move(people.member.accessToken, undefined, teamId, 1);
      expect([intoWhereMember.status, errorOf(intoWhereMember).error]).toEqual([403, 'Only the owner, admins and billing members of Move Team can move credit into it']);
      const stranger = await move(people.owner.accessToken, teamId, people.member.id, 1);
      expect(stranger.status).toBe(404);
      const same = await move(people.owner.accessToken, teamId, teamId, 1);
      expect(same.status).toBe(400);
      expect(await balanceOf(people.owner.accessToken, inAccount(teamId))).toBe(team0);
    },
    120_000,
  );
});
