/**
 * The overdraft race of issue 18, as a new user would try it: N parallel `POST /api/deployments`
 * (different Idempotency-Keys) with a balance that covers k of them. Exactly k start, the rest are
 * refused with 402, and the balance equals the ledger's sum and never goes below zero. Run in
 * several rounds on the in-memory database and on PostgreSQL (a real connection pool, so the
 * requests really run in parallel transactions). Also: the per-user and per-host limits of local
 * machines hold under the same race (issue 17).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { rates } from '../../shared/deployments/catalog';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { deployments, ledgerEntries } from '../db/schema';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';
import { accountHeader, teamsContract } from '../../shared/api/teams';
import { customersContract } from '../../shared/api/customers';

const d = deploymentsContract(defaultBrand);
/** a create's answer read with the contract */
const idOf = (res: { body: unknown }) => d.create.responses[200].schema.parse(res.body).id;

const pgAvailable = await postgresAvailable();
const parallel = 20;
const rounds = 5;
const gpuRate = rates.gpuInstanceHourlyCents;

const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

type Tokens = { user: string; other: string; admin: string };

/**
 * A server for one describe block on PGlite or a throw-away PostgreSQL database, without a sandbox
 * (no machine processes to confine here); after all its tests, balance = Σ ledger for every user,
 * none below zero.
 */
function raceServer(label: string, usePostgres: boolean, env: Record<string, string>, ready: (server: TestServer, tokens: Tokens) => void) {
  let pgdb: TestPostgresDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    if (usePostgres && !pgAvailable) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    server = await startTestServer({ ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), LOCAL_SANDBOX: 'none', LOCAL_SINGLE_USER: 'true', ...env });
    ready(server, await signInDefaultUsers(server));
  }, 60_000);
  afterAll(async () => {
    if (server) {
      const inv = await ledgerInvariant(server.deps.db);
      console.log(`ledger invariant after the suite (${label}): ${inv.users} users, ${inv.mismatches} mismatches, ${inv.negative} negative`);
      expect(inv).toMatchObject({ mismatches: 0, negative: 0 });
    }
    await server?.cleanup();
    await pgdb?.drop();
  }, 60_000);
}

describe.each(targets)('parallel creates on the %s', (_name, usePostgres) => {
  let server: TestServer;
  let tokens: Tokens;
  // No sandbox (no machine processes to confine here) and a high per-user limit: this part is about money.
  raceServer(_name, usePostgres, { LOCAL_MAX_MACHINES_PER_USER: '100', LOCAL_MAX_MACHINES_PER_HOST: '100' }, (s, t) => ((server = s), (tokens = t)));

  const balanceOf = async (token: string) => (await call(server, billingContract.balance, {}, { token })).balance_cents;
  const create = (token: string, name: string, key: string) =>
    send(server, d.create, { headers: { 'Idempotency-Key': key }, body: { configId: 'gpu_instance_civo', name, timeoutMins: null } }, { token });

  it.skipIf(usePostgres && !pgAvailable)(
    `${parallel} parallel GPU creates with a balance for k of them: exactly k start, ${rounds} rounds`,
    async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const k = (round % 3) + 1; // $5, $10, $15, $5, $10
        const token = round % 2 === 0 ? tokens.user : tokens.other;
        const email = round % 2 === 0 ? 'user@example.test' : 'other@example.test';
        const have = await balanceOf(token);
        const topup = k * gpuRate - have;
        if (topup > 0) {
          const res = await api(server, '/api/admin/balance/topup', {
            method: 'POST',
            token: tokens.admin,
            headers: { 'Idempotency-Key': `race-${round}` },
            body: { email, amount_cents: topup, reason: 'test' },
          });
          expect(res.status).toBe(200);
        }
        expect(await balanceOf(token)).toBe(k * gpuRate);

        const answers = await Promise.all(Array.from({ length: parallel }, (_, i) => create(token, `race-${round}-${i}`, `race-${round}-${i}`)));
        const started = answers.filter((a) => a.status === 200);
        const refused = answers.filter((a) => a.status === 402);
        outcomes.push(`round ${round + 1}: k=${k}, ${started.length} started, ${refused.length} refused with 402`);
        expect(started).toHaveLength(k);
        expect(refused).toHaveLength(parallel - k);
        for (const r of refused) expect(r.body).toMatchObject({ error: expect.stringMatching(/^Insufficient balance: \$0\.00 available, \$5\.00 needed/) });
        expect(await balanceOf(token)).toBe(0);
        const inv = await ledgerInvariant(server.deps.db);
        expect(inv.mismatches).toBe(0);
        expect(inv.negative).toBe(0);

        // Each started machine carries exactly one charge, for hour 1.
        for (const s of started) {
          const id = idOf(s);
          const charges = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, id));
          expect(charges.map((c) => [c.kind, c.amountCents, c.idempotencyKey])).toEqual([['usage', -gpuRate, `usage:${id}:0`]]);
          await api(server, `/api/deployments/${id}`, { method: 'DELETE', token });
        }
        await server.services.tasks.drain();
      }
      console.log(`create race (${_name}):\n  ${outcomes.join('\n  ')}`);
    },
    180_000,
  );

  it.skipIf(usePostgres && !pgAvailable)(
    'answers parallel retries with one Idempotency-Key with one deployment and one charge, even when the balance is gone since',
    async () => {
      const have = await balanceOf(tokens.user);
      if (gpuRate - have > 0)
        await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { email: 'user@example.test', amount_cents: gpuRate - have, reason: 'test' } });
      const answers = await Promise.all(Array.from({ length: 10 }, () => create(tokens.user, 'same-key', 'one-key')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const ids = new Set(answers.map((a) => idOf(a)));
      expect(ids.size).toBe(1);
      expect(await balanceOf(tokens.user)).toBe(0);
      // A retry after the money is spent still gets the first answer, not a 402.
      const again = await create(tokens.user, 'same-key', 'one-key');
      expect(again.status).toBe(200);
      expect(idOf(again)).toBe([...ids][0]);
      const rows = await server.deps.db.select().from(deployments).where(eq(deployments.idempotencyKey, 'one-key'));
      expect(rows).toHaveLength(1);
      await api(server, `/api/deployments/${[...ids][0]}`, { method: 'DELETE', token: tokens.user });
      await server.services.tasks.drain();
    },
    60_000,
  );
});

describe.each(targets)('local machine limits on the %s', (_name, usePostgres) => {
  let server: TestServer;
  let tokens: Tokens;
  raceServer(_name, usePostgres, { LOCAL_MAX_MACHINES_PER_USER: '2', LOCAL_MAX_MACHINES_PER_HOST: '3', MAX_TEAMS_PER_PERSON: '2' }, (s, t) => ((server = s), (tokens = t)));

  const create = (token: string, name: string) => send(server, d.create, { body: { configId: 'trial_vm_hetzner', name, timeoutMins: null } }, { token });

  it.skipIf(usePostgres && !pgAvailable)(
    'starts at most 2 per user and 3 on the server under parallel creates, and says which limit was hit',
    async () => {
      const first = await Promise.all(Array.from({ length: 10 }, (_, i) => create(tokens.user, `lim-u-${i}`)));
      expect(first.filter((a) => a.status === 200)).toHaveLength(2);
      const perUser = first.filter((a) => a.status === 429);
      expect(perUser).toHaveLength(8);
      expect(perUser[0]?.body).toMatchObject({
        error: 'Machine limit reached: at most 2 local machines per person are allowed (your own account and your teams together), and you hold 2. Delete one to start another.',
        details: { limit: 'per_user', max: 2, running: 2 },
      });

      const second = await Promise.all(Array.from({ length: 10 }, (_, i) => create(tokens.other, `lim-o-${i}`)));
      expect(second.filter((a) => a.status === 200)).toHaveLength(1);
      const perHost = second.filter((a) => a.status === 429);
      expect(perHost).toHaveLength(9);
      expect(perHost[0]?.body).toMatchObject({ details: { limit: 'per_host', max: 3, running: 3 } });
      expect(perHost[0]?.body).toMatchObject({ error: expect.stringMatching(/at most 3 local machines for all users together/) });

      // Refused creates charged nothing: each user paid exactly one hour per started machine.
      const inv = await ledgerInvariant(server.deps.db);
      expect(inv).toMatchObject({ mismatches: 0, negative: 0 });
      const usage = await server.deps.db
        .select({ n: sql<string>`count(*)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'usage'));
      expect(Number(usage[0]?.n)).toBe(3);

      // Deleting one frees a place.
      const mine = await call(server, d.list, {}, { token: tokens.user });
      await api(server, `/api/deployments/${mine[0]?.id ?? ''}`, { method: 'DELETE', token: tokens.user });
      await server.services.tasks.drain();
      expect((await create(tokens.other, 'lim-o-after')).status).toBe(200);
      for (const t of [tokens.user, tokens.other]) {
        for (const dep of await call(server, d.list, {}, { token: t })) await api(server, `/api/deployments/${dep.id}`, { method: 'DELETE', token: t });
      }
      await server.services.tasks.drain();
    },
    90_000,
  );

  it.skipIf(usePostgres && !pgAvailable)(
    'one person holds at most the cap across their own account and their teams, and owns at most 2 teams: both 429 naming the limit',
    async () => {
      const teams = await Promise.all(Array.from({ length: 5 }, (_, i) => send(server, teamsContract.create, { body: { name: `Cap team ${i}` } }, { token: tokens.user })));
      expect(teams.filter((r) => r.status === 201 || r.status === 200)).toHaveLength(2);
      const refusedTeams = teams.filter((r) => r.status === 429);
      expect(refusedTeams).toHaveLength(3);
      expect(refusedTeams[0]?.body).toMatchObject({ error: expect.stringMatching(/^Team limit reached: at most 2 teams per person/), details: { limit: 'teams_per_person', max: 2, owned: 2 } });
      const teamIds = (await call(server, teamsContract.list, {}, { token: tokens.user })).teams.map((t) => t.id);
      expect(teamIds).toHaveLength(2);
      for (const id of teamIds) await call(server, customersContract.topup, { params: { id }, body: { amount_cents: 1000, reason: 'Cap test' } }, { token: tokens.admin });

      const accounts: (string | undefined)[] = [undefined, ...teamIds];
      const tries = await Promise.all(
        accounts.flatMap((account) =>
          Array.from({ length: 3 }, (_, i) =>
            api(server, '/api/deployments', {
              token: tokens.user,
              headers: account ? { [accountHeader]: account } : undefined,
              body: { configId: 'trial_vm_hetzner', name: `cap-${i}`, timeoutMins: null },
            }),
          ),
        ),
      );
      expect(tries.filter((r) => r.status === 200)).toHaveLength(2);
      const refused = tries.filter((r) => r.status === 429);
      expect(refused).toHaveLength(7);
      expect(refused[0]?.body).toMatchObject({ details: { limit: 'per_user', max: 2, running: 2 } });

      for (const account of accounts) {
        const headers = account ? { [accountHeader]: account } : undefined;
        const listed = (await api(server, '/api/deployments', { method: 'GET', token: tokens.user, headers })).body as { id: string }[];
        for (const dep of listed) await api(server, `/api/deployments/${dep.id}`, { method: 'DELETE', token: tokens.user, headers });
      }
      await server.services.tasks.drain();
    },
    90_000,
  );
});
