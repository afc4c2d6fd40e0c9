/**
 * The overdraft race of issue 18 in a team's account (issue 34): several members of one team send
 * 20 `POST /api/deployments` at once (each its own Idempotency-Key, `X-Account` naming the team)
 * while the team's balance pays for the first hour of k Trial VMs. Exactly k start, the rest are
 * refused with 402; the team's balance equals the sum of its ledger and is not below zero; the
 * members' own balances are untouched. On the in-memory database and on PostgreSQL (a real pool,
 * so the requests run in parallel transactions), beside create-race.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from '../../shared/api/billing';
import { customersContract } from '../../shared/api/customers';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { rates, trialVmTypeId } from '../../shared/deployments/catalog';
import { ledgerEntries } from '../db/schema';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call, send } from '../../test/support/typed-client';

const d = deploymentsContract(defaultBrand);
const idOf = (res: { body: unknown }) => d.create.responses[200].schema.parse(res.body).id;

const pgAvailable = await postgresAvailable();
const parallel = 20;
const rate = rates.trialVmHourlyCents;
/** who sends the creates: every role that may deploy */
const names = ['owner', 'teamadmin', 'member', 'member2'] as const;

const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('parallel creates by members of one team on the %s', (label, usePostgres) => {
  let pgdb: TestPostgresDatabase | undefined;
  let server: TestServer;
  let admin: string;
  let teamId: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;
  const skip = usePostgres && !pgAvailable;

  beforeAll(async () => {
    if (skip) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    server = await startTestServer({
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      DEV_USERS: devUsersWith(names),
      // No sandbox (no machine processes to confine here) and room for every machine: this is about money.
      LOCAL_SANDBOX: 'none',
      LOCAL_SINGLE_USER: 'true',
      LOCAL_MAX_MACHINES_PER_USER: '100',
      LOCAL_MAX_MACHINES_PER_HOST: '100',
    });
    for (const n of names) people[n] = await signInPerson(server, n);
    admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
    teamId = await makeTeam(server.deps.db, 'Race Team', people.owner, [
      [people.teamadmin, 'admin'],
      [people.member, 'member'],
      [people.member2, 'member'],
    ]);
  }, 90_000);

  afterAll(async () => {
    if (server) {
      const inv = await ledgerInvariant(server.deps.db);
      console.log(`ledger invariant after the team race (${label}): ${inv.users} accounts, ${inv.mismatches} mismatches, ${inv.negative} negative`);
      expect(inv).toMatchObject({ mismatches: 0, negative: 0 });
      await server.services.tasks.drain();
    }
    await server?.cleanup();
    await pgdb?.drop();
  }, 120_000);

  const balanceIn = async (token: string, headers: Record<string, string> = {}) => (await call(server, billingContract.balance, { headers } as never, { token })).balance_cents;

  it.skipIf(skip)(
    `${parallel} parallel creates from ${names.length} members with the team's money for k: exactly k start, 3 rounds`,
    async () => {
      const own = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await balanceIn(people[n].accessToken)] as const)));
      const outcomes: string[] = [];
      for (const [round, k] of [3, 1, 5].entries()) {
        // An administrator brings the team's balance to exactly k first hours (a machine that failed since was refunded).
        const have = await balanceIn(people.owner.accessToken, inAccount(teamId));
        if (k * rate > have)
          await call(
            server,
            customersContract.topup,
            { params: { id: teamId }, headers: { 'Idempotency-Key': `team-race-${round}` }, body: { amount_cents: k * rate - have, reason: 'test' } },
            { token: admin },
          );
        expect(await balanceIn(people.member.accessToken, inAccount(teamId))).toBe(k * rate);

        const answers = await Promise.all(
          Array.from({ length: parallel }, (_, i) => {
            const who = people[names[i % names.length] ?? 'owner'];
            const key = `team-race-${round}-${i}`;
            return send(server, d.create, { headers: { 'Idempotency-Key': key, ...inAccount(teamId) }, body: { configId: trialVmTypeId, name: key, timeoutMins: null } } as never, {
              token: who.accessToken,
            });
          }),
        );
        const started = answers.filter((a) => a.status === 200);
        const refused = answers.filter((a) => a.status === 402);
        outcomes.push(`round ${round + 1}: k=${k}, ${started.length} started, ${refused.length} refused with 402`);
        expect(started).toHaveLength(k);
        expect(refused).toHaveLength(parallel - k);
        for (const r of refused) expect(r.body).toMatchObject({ error: expect.stringMatching(/^Insufficient balance: \$0\.00 available, \$0\.10 needed/) });

        // The team paid for them, one first hour each; the members paid nothing.
        expect(await balanceIn(people.owner.accessToken, inAccount(teamId))).toBe(0);
        for (const s of started) {
          const charges = await server.deps.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.reference, idOf(s)));
          expect(charges.map((c) => [c.userId, c.kind, c.amountCents])).toEqual([[teamId, 'usage', -rate]]);
        }
        for (const n of names) expect(await balanceIn(people[n].accessToken)).toBe(own[n]);
        const inv = await ledgerInvariant(server.deps.db);
        expect(inv).toMatchObject({ mismatches: 0, negative: 0 });

        // Every member sees the team's machines in the team's account, none in their own.
        const inTeam = await call(server, d.list, { headers: inAccount(teamId) } as never, { token: people.member2.accessToken });
        expect(inTeam.map((x) => x.id).sort()).toEqual(started.map(idOf).sort());
        expect(await call(server, d.list, {}, { token: people.member2.accessToken })).toEqual([]);
        for (const s of started) expect((await send(server, d.remove, { params: { id: idOf(s) }, headers: inAccount(teamId) } as never, { token: people.teamadmin.accessToken })).status).toBe(204);
        await server.services.tasks.drain();
      }
      console.log(`team create race (${label}):\n  ${outcomes.join('\n  ')}`);
    },
    180_000,
  );
});
