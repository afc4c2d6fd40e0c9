import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customersContract as c } from '../../shared/api/customers';
import { billingContract as b } from '../../shared/api/billing';
import { licensesContract as l } from '../../shared/api/licenses';
import { notificationsContract as n } from '../../shared/api/notifications';
import { accountHeader } from '../../shared/api/teams';
import { installations, ledgerEntries, users } from '../db/schema';
import { insertTeam, upsertMember } from '../teams/queries';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { useTestServer } from '../../test/support/suite-server';
import { call, errorOf, send } from '../../test/support/typed-client';

/** $100 per top-up at most in this suite. */
const maxCents = 10_000;

describe('one page per customer (admin)', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({ ADMIN_TOPUP_MAX_CENTS: String(maxCents) }, { clock, signIn: 'all' });
  const admin = () => ({ token: tokens.admin });
  // An account exists once it has called the API.
  beforeAll(async () => {
    for (const token of [tokens.user, tokens.other, tokens.admin]) expect((await api(server, '/api/auth/me', { token })).status).toBe(200);
  });

  const idOf = async (email: string) => {
    const [row] = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no account ${email}`);
    return row.id;
  };
  const ledgerSumOf = async (userId: string) => {
    const [row] = await server.deps.db
      .select({ n: sql<string>`coalesce(sum(amount_cents), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return Number(row?.n);
  };

  it('finds a customer by part of the e-mail or by a licence organisation, with their balance', async () => {
    expect((await api(server, '/api/licenses', { token: tokens.user, body: { type: 'community', organization_name: 'Zebra Widgets Ltd' } })).status).toBe(201);
    const byEmail = await call(server, c.search, { query: { search: 'USER@example' } }, admin());
    expect(byEmail.customers.map((x) => x.email)).toEqual(['user@example.test']);
    const byOrg = await call(server, c.search, { query: { search: 'zebra widg' } }, admin());
    expect(byOrg.customers).toEqual([expect.objectContaining({ email: 'user@example.test', organizations: ['Zebra Widgets Ltd'] })]);
    // `%` is matched as itself, not as "anything"
    expect((await call(server, c.search, { query: { search: '%' } }, admin())).customers).toEqual([]);
    const everyone = await call(server, c.search, { query: {} }, admin());
    expect(everyone.total).toBe(3);
  });

  it('shows the customer page: balance, licences, keys, installations with their licence, mail, audit and sign-ins', async () => {
    const userId = await idOf('user@example.test');
    const key = (await api(server, '/api/auth/api-keys', { token: tokens.user, body: { name: 'ci script' } })).body as { id: string };
    const licences = (await api(server, '/api/licenses', { token: tokens.user })).body as { id: string }[];
    const licenceId = licences[0]?.id ?? '';
    const at = clock.now();
    await server.deps.db.insert(installations).values({
      key: 'customer-page-installation',
      deploymentId: 'd'.repeat(64),
      ipAddress: '203.0.113.9',
      version: '2.12.2',
      appsCount: 3,
      usersCount: 4,
      licenseId: licenceId,
      organizationName: 'Zebra Widgets Ltd',
      firstSeen: at,
      lastPing: at,
    });
    await send(server, c.topup, { params: { id: userId }, body: { amount_cents: 2500, reason: 'Refund for the outage' } }, admin());

    const page = await call(server, c.overview, { params: { id: userId } }, admin());
    expect(page.customer).toMatchObject({ id: userId, email: 'user@example.test', is_admin: false });
    expect(page.topup_max_cents).toBe(maxCents);
    expect(page.balance.balance_cents).toBe(400 + 2500);
    expect(page.licenses.map((l) => l.organization_name)).toEqual(['Zebra Widgets Ltd']);
    expect(page.api_keys.map((k) => k.id)).toEqual([key.id]);
    expect(page.installations).toEqual([expect.objectContaining({ id: 'customer-page-installation', license_id: licenceId, users_count: 4 })]);
    expect(page.mail.map((m) => m.subject)).toContain('$25.00 added to your balance');
    expect(page.audit.map((e) => e.action)).toEqual(expect.arrayContaining(['admin.balance.topup', 'auth.api_key.created']));
    expect(page.sign_ins.length).toBeGreaterThan(0);

    expect((await send(server, c.overview, { params: { id: '00000000-0000-4000-8000-000000000000' } }, admin())).status).toBe(404);
    expect((await api(server, '/api/admin/customers/not-a-uuid', admin())).status).toBe(400);
  });

  it('tops up with a reason kept in the ledger and the audit log, answers the balance before and after, and tells the user', async () => {
    const userId = await idOf('other@example.test');
    const before = (await call(server, b.balance, {}, { token: tokens.other })).balance_cents;
    const res = await call(server, c.topup, { params: { id: userId }, headers: { 'Idempotency-Key': 'reasoned-1' }, body: { amount_cents: 1234, reason: 'Goodwill credit for ticket 42' } }, admin());
    expect(res).toMatchObject({ balance_before_cents: before, balance_cents: before + 1234, amount_cents: 1234, email: 'other@example.test' });

    const ledger = await call(server, c.transactions, { params: { id: userId }, query: { limit: 1 } }, admin());
    expect(ledger.transactions[0]).toMatchObject({ kind: 'admin_topup', amount_cents: 1234, description: 'Balance added by an administrator: Goodwill credit for ticket 42' });
    const audit = await call(server, c.overview, { params: { id: userId } }, admin());
    expect(audit.audit.find((e) => e.action === 'admin.balance.topup')?.details).toMatchObject({ reason: 'Goodwill credit for ticket 42', amount_cents: 1234, balance_before_cents: before });

    const bell = await call(server, n.list, {}, { token: tokens.other });
    expect(bell.notifications[0]).toMatchObject({
      kind: 'topup_received',
      title: '$12.34 added to your balance',
      body: `An administrator added $12.34 to your balance: Goodwill credit for ticket 42. Your balance is now ${'$' + ((before + 1234) / 100).toFixed(2)}.`,
      link: '/balance',
    });
    // a retried request credits and tells once
    await call(server, c.topup, { params: { id: userId }, headers: { 'Idempotency-Key': 'reasoned-1' }, body: { amount_cents: 1234, reason: 'Goodwill credit for ticket 42' } }, admin());
    expect((await call(server, b.balance, {}, { token: tokens.other })).balance_cents).toBe(before + 1234);
    expect((await call(server, n.list, {}, { token: tokens.other })).notifications.filter((x) => x.kind === 'topup_received')).toHaveLength(1);
  });

  it('takes the spec\'s body {email, amount_cents}: a missing reason is recorded as "no reason given" in the ledger, the audit and the notice, on both doors', async () => {
    const userId = await idOf('other@example.test');
    const before = (await call(server, b.balance, {}, { token: tokens.other })).balance_cents;
    const byEmail = await api(server, '/api/admin/balance/topup', { token: tokens.admin, body: { email: 'other@example.test', amount_cents: 100 } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ balance_before_cents: before, amount_cents: 100, balance_cents: before + 100, user_id: userId });
    const byId = await send(server, c.topup, { params: { id: userId }, body: { amount_cents: 200 } }, admin());
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ balance_before_cents: before + 100, balance_cents: before + 300 });

    const history = await call(server, c.transactions, { params: { id: userId }, query: {} }, admin());
    expect(history.transactions.slice(0, 2).map((t) => t.description)).toEqual(Array(2).fill('Balance added by an administrator: no reason given'));
    const audit = await call(server, c.overview, { params: { id: userId } }, admin());
    expect(
      audit.audit
        .filter((e) => e.action === 'admin.balance.topup')
        .slice(0, 2)
        .map((e) => e.details),
    ).toEqual([expect.objectContaining({ reason: 'no reason given', amount_cents: 200 }), expect.objectContaining({ reason: 'no reason given', amount_cents: 100 })]);
    const bell = await call(server, n.list, {}, { token: tokens.other });
    expect(
      bell.notifications
        .filter((x) => x.kind === 'topup_received')
        .slice(0, 2)
        .map((x) => x.body),
    ).toEqual([
      `An administrator added $2.00 to your balance: no reason given. Your balance is now $${((before + 300) / 100).toFixed(2)}.`,
      `An administrator added $1.00 to your balance: no reason given. Your balance is now $${((before + 100) / 100).toFixed(2)}.`,
    ]);
  });

  it('refuses a blank reason, an unknown customer or a top-up over the maximum, on both top-up routes, with the same 4xx', async () => {
    const userId = await idOf('other@example.test');
    for (const res of [
      await send(server, c.topup, { params: { id: userId }, body: { amount_cents: 100, reason: '   ' } }, admin()),
      await api(server, '/api/admin/balance/topup', { token: tokens.admin, body: { email: 'other@example.test', amount_cents: 100, reason: '   ' } }),
    ]) {
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Please give a reason for the top-up');
    }
    expect((await send(server, c.topup, { params: { id: randomUUID() }, body: { amount_cents: 100 } }, admin())).status).toBe(404);

    const over = await send(server, c.topup, { params: { id: userId }, body: { amount_cents: maxCents + 1, reason: 'Too much' } }, admin());
    expect(over.status).toBe(422);
    expect(errorOf(over).error).toBe('A top-up can be at most $100.00 (ADMIN_TOPUP_MAX_CENTS): $100.01 was not added');
    const overByEmail = await api(server, '/api/admin/balance/topup', { token: tokens.admin, body: { email: 'other@example.test', amount_cents: maxCents + 1, reason: 'Too much' } });
    expect(overByEmail.status).toBe(422);
    expect((await call(server, b.adminTopupLimit, {}, admin())).max_cents).toBe(maxCents);
  });

  it('20 parallel top-ups over the maximum are all refused, 20 under it all land, and the balance is the sum of the ledger', async () => {
    const userId = await idOf('other@example.test');
    const start = (await call(server, b.balance, {}, { token: tokens.other })).balance_cents;
    const send20 = (amount: number, tag: string) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send(server, c.topup, { params: { id: userId }, headers: { 'Idempotency-Key': `${tag}-${i}` }, body: { amount_cents: amount, reason: `parallel ${tag} ${i}` } }, admin()),
        ),
      );
    expect((await send20(maxCents + 500, 'over')).map((r) => r.status)).toEqual(Array(20).fill(422));
    expect((await call(server, b.balance, {}, { token: tokens.other })).balance_cents).toBe(start);
    expect((await send20(maxCents, 'under')).map((r) => r.status)).toEqual(Array(20).fill(200));
    const end = (await call(server, b.balance, {}, { token: tokens.other })).balance_cents;
    expect(end).toBe(start + 20 * maxCents);
    expect(await ledgerSumOf(userId)).toBe(end);
  });

  it("revokes a customer's API key from their page (audited), and only that customer's", async () => {
    const userId = await idOf('user@example.test');
    const otherId = await idOf('other@example.test');
    const created = (await api(server, '/api/auth/api-keys', { token: tokens.user, body: { name: 'to revoke' } })).body as { id: string; key: string };
    expect((await api(server, '/api/balance', { token: created.key })).status).toBe(200);
    expect((await send(server, c.revokeApiKey, { params: { id: otherId, keyId: created.id } }, admin())).status).toBe(404);
    expect((await send(server, c.revokeApiKey, { params: { id: userId, keyId: created.id } }, admin())).status).toBe(204);
    expect((await api(server, '/api/balance', { token: created.key })).status).toBe(401);
    const page = await call(server, c.overview, { params: { id: userId } }, admin());
    expect(page.api_keys.map((k) => k.id)).not.toContain(created.id);
    expect(page.audit.find((e) => e.action === 'admin.api_key.revoked')).toMatchObject({ actor_email: 'admin@example.test', target_id: created.id, subject_user_id: userId });
  });

  describe('teams (issue 34): an account of its own, found and shown like a person', () => {
    let teamId = '';
    beforeAll(async () => {
      teamId = await insertTeam(server.deps.db, await idOf('user@example.test'), 'Quokka Crew', clock.now());
      await upsertMember(server.deps.db, teamId, await idOf('other@example.test'), 'billing', 'invitation', clock.now());
    });
    const asTeam = (token: string) => ({ token, headers: { [accountHeader]: teamId } });

    it('the search lists the team by its name, marked as a team', async () => {
      const found = await call(server, c.search, { query: { search: 'quokka' } }, admin());
      expect(found.customers).toEqual([expect.objectContaining({ id: teamId, kind: 'team', name: 'Quokka Crew' })]);
      const person = await call(server, c.search, { query: { search: 'other@example' } }, admin());
      expect(person.customers).toEqual([expect.objectContaining({ kind: 'personal', name: 'other@example.test' })]);
    });

    it("the team's page shows its members and what it holds; a member's page lists their teams", async () => {
      const licence = await api(server, '/api/licenses', { ...asTeam(tokens.user), body: { type: 'community', organization_name: 'ignored for a team' } });
      expect(licence.status).toBe(201);
      const page = await call(server, c.overview, { params: { id: teamId } }, admin());
      expect(page.customer).toMatchObject({ id: teamId, kind: 'team', name: 'Quokka Crew', is_admin: false, deleted_at: null });
      expect(page.members.map((m) => [m.email, m.role, m.source])).toEqual([
        ['user@example.test', 'owner', 'creator'],
        ['other@example.test', 'billing', 'invitation'],
      ]);
      expect(page.teams).toEqual([]);
      expect(page.licenses.map((l) => l.organization_name)).toEqual(['Quokka Crew']);
      // the team's licence is not the creator's, and the creator's are not the team's
      const creator = await call(server, c.overview, { params: { id: await idOf('user@example.test') } }, admin());
      expect(creator.licenses.map((l) => l.organization_name)).not.toContain('Quokka Crew');
      expect(creator.teams).toEqual([{ id: teamId, name: 'Quokka Crew', role: 'owner' }]);
      expect(creator.members).toEqual([]);
      const other = await call(server, c.overview, { params: { id: await idOf('other@example.test') } }, admin());
      expect(other.teams).toEqual([{ id: teamId, name: 'Quokka Crew', role: 'billing' }]);
    });

    it("tops up the team from its page: the team's balance and ledger, its bell, a mail to each member, the team's mail list", async () => {
      const balanceAs = async (token: string) => b.balance.responses[200].schema.parse((await api(server, '/api/balance', asTeam(token))).body).balance_cents;
      const before = await balanceAs(tokens.other);
      const res = await call(server, c.topup, { params: { id: teamId }, headers: { 'Idempotency-Key': 'team-topup-1' }, body: { amount_cents: 777, reason: 'Team goodwill' } }, admin());
      expect(res).toMatchObject({ balance_before_cents: before, balance_cents: before + 777, email: 'Quokka Crew' });
      expect(await balanceAs(tokens.user)).toBe(before + 777);
      const ledger = await call(server, c.transactions, { params: { id: teamId }, query: { limit: 1 } }, admin());
      expect(ledger.transactions[0]).toMatchObject({ kind: 'admin_topup', amount_cents: 777 });

      const bell = n.list.responses[200].schema.parse((await api(server, '/api/notifications', asTeam(tokens.other))).body);
      expect(bell.notifications[0]).toMatchObject({ kind: 'topup_received', title: "$7.77 added to the team's balance" });
      const page = await call(server, c.overview, { params: { id: teamId } }, admin());
      expect(page.balance.balance_cents).toBe(before + 777);
      // (the team's licence above was mailed to both as well)
      expect(
        page.mail
          .filter((m) => m.subject.includes('$7.77'))
          .map((m) => [m.to, m.subject])
          .sort(),
      ).toEqual([
        ['other@example.test', "Quokka Crew: $7.77 added to the team's balance"],
        ['user@example.test', "Quokka Crew: $7.77 added to the team's balance"],
      ]);
      expect(page.audit.find((e) => e.action === 'admin.balance.topup')).toMatchObject({ subject_user_id: teamId });
    });

    it("issues a licence to the team from License Admin: the team's (its name as organisation), not the contact's personal one", async () => {
      const body = { email: 'other@example.test', organization_name: 'Typed by the admin', users_limit: 50, perpetual: false, duration_weeks: 52, team_id: teamId };
      const created = await call(server, l.adminCreate, { body }, admin());
      expect(created).toMatchObject({ organization_name: 'Quokka Crew', users_limit: 50 });
      const page = await call(server, c.overview, { params: { id: teamId } }, admin());
      expect(page.licenses.map((x) => x.id)).toContain(created.id);
      expect(page.audit.find((e) => e.action === 'admin.license.created')).toMatchObject({ subject_user_id: teamId, details: expect.objectContaining({ team_name: 'Quokka Crew' }) });
      const contact = await call(server, c.overview, { params: { id: await idOf('other@example.test') } }, admin());
      expect(contact.licenses.map((x) => x.id)).not.toContain(created.id);
      const unknown = await send(server, l.adminCreate, { body: { ...body, team_id: '00000000-0000-4000-8000-000000000000' } }, admin());
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown).error).toBe('No such team');
    });
  });
});
