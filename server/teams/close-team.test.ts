/**
 * Closing a team that holds credit and a live licence (issue 43): refused with the offer to move
 * them first, then closed by moving both to the owner's own account in the deletion's transaction;
 * the licence is the owner's afterwards (never orphaned), the credit is on both ledgers, and a
 * second team the owner can bill in takes them just as well. On PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from '../../shared/api/billing';
import { customersContract } from '../../shared/api/customers';
import { licensesContract } from '../../shared/api/licenses';
import { teamsContract } from '../../shared/api/teams';
import { ledgerEntries, licenses } from '../db/schema';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call, errorOf, send } from '../../test/support/typed-client';

const pgAvailable = await postgresAvailable();
const names = ['closer', 'payer', 'member'] as const;
const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('closing a team with credit and a licence on the %s', (label, usePostgres) => {
  let pgdb: TestPostgresDatabase | undefined;
  let server: TestServer;
  let admin: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;
  const skip = usePostgres && !pgAvailable;

  beforeAll(async () => {
    if (skip) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    server = await startTestServer({ ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), DEV_USERS: devUsersWith(names), LOCAL_SANDBOX: 'none' });
    for (const n of names) people[n] = await signInPerson(server, n);
    admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
  }, 300_000);

  afterAll(async () => {
    if (server) {
      const inv = await ledgerInvariant(server.deps.db);
      console.log(`ledger invariant after closing teams (${label}): ${inv.users} accounts, ${inv.mismatches} mismatches, ${inv.negative} negative`);
      expect(inv).toMatchObject({ mismatches: 0, negative: 0 });
      await server.services.tasks.drain();
    }
    await server?.cleanup();
    await pgdb?.drop();
  }, 120_000);

  const funded = async (name: string, cents: number) => {
    const teamId = await makeTeam(server.deps.db, name, people.closer, [
      [people.payer, 'billing'],
      [people.member, 'member'],
    ]);
    await call(server, customersContract.topup, { params: { id: teamId }, body: { amount_cents: cents, reason: 'Close test' } }, { token: admin });
    const licence = await call(server, licensesContract.create, { body: { type: 'trial', organization_name: name }, headers: inAccount(teamId) } as never, { token: people.closer.accessToken });
    return { teamId, licenceId: (licence as { id: string }).id };
  };
  const balanceOf = async (token: string, headers: Record<string, string> = {}) => (await call(server, billingContract.balance, { headers } as never, { token })).balance_cents;
  const remove = (token: string, teamId: string, moveTo?: string) => send(server, teamsContract.delete, { params: { teamId }, query: { move_to: moveTo } }, { token });

  it.skipIf(skip)(
    'is refused with the offer to move, then closed by moving the credit and the licence to the owner’s own account',
    async () => {
      const { teamId, licenceId } = await funded('Closing Co', 1234);
      const detail = await call(server, teamsContract.get, { params: { teamId } }, { token: people.closer.accessToken });
      expect([detail.balance_cents, detail.live_licences]).toEqual([1234, 1]);

      const refused = await remove(people.closer.accessToken, teamId);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).error).toBe('Closing Co still holds $12.34 and 1 live licence: choose one of your accounts to move them to, and the team is deleted after the move');

      const byBilling = await remove(people.payer.accessToken, teamId, people.payer.id);
      expect(byBilling.status).toBe(403);
      // a member's own account is not the owner's to pay into
      const elsewhere = await remove(people.closer.accessToken, teamId, people.member.id);
      expect(elsewhere.status).toBe(404);

      const own0 = await balanceOf(people.closer.accessToken);
      const done = await remove(people.closer.accessToken, teamId, people.closer.id);
      expect(done.status).toBe(204);
      expect(await balanceOf(people.closer.accessToken)).toBe(own0 + 1234);
      const [licence] = await server.deps.db.select().from(licenses).where(eq(licenses.id, licenceId));
      expect([licence?.userId, licence?.email]).toEqual([people.closer.id, people.closer.email]);
      const mine = await call(server, licensesContract.list, {}, { token: people.closer.accessToken });
      expect(mine.map((l) => l.id)).toContain(licenceId);
      const rows = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'));
      expect(rows.filter((r) => r.userId === teamId).map((r) => [r.amountCents, r.description])).toEqual([[-1234, `Moved to ${people.closer.email} (personal account)`]]);
      expect(rows.filter((r) => r.userId === people.closer.id).map((r) => [r.amountCents, r.description])).toEqual([[1234, 'Moved from Closing Co (team)']]);
      const teams = await call(server, teamsContract.list, {}, { token: people.member.accessToken });
      expect(teams.teams.map((t) => t.id)).not.toContain(teamId);
    },
    120_000,
  );

  it.skipIf(skip)(
    'moves them into another team the owner can bill in; the team is not deleted when the move cannot happen',
    async () => {
      const { teamId, licenceId } = await funded('Old Co', 500);
      const next = await makeTeam(server.deps.db, 'New Co', people.closer, []);
      const itself = await remove(people.closer.accessToken, teamId, teamId);
      expect(itself.status).toBe(400);
      expect((await call(server, teamsContract.get, { params: { teamId } }, { token: people.closer.accessToken })).balance_cents).toBe(500);
      const done = await remove(people.closer.accessToken, teamId, next);
      expect(done.status).toBe(204);
      expect(await balanceOf(people.closer.accessToken, inAccount(next))).toBe(500);
      const [licence] = await server.deps.db.select().from(licenses).where(eq(licenses.id, licenceId));
      expect([licence?.userId, licence?.email]).toEqual([next, people.closer.email]);
    },
    120_000,
  );
});
