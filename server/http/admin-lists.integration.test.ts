import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditContract } from '../../shared/api/audit';
import { billingContract } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { pingsContract } from '../../shared/api/pings';
import { defaultBrand } from '../../shared/brand';
import { trialVmTypeId } from '../../shared/deployments/catalog';
import { applyMovements } from '../billing/ledger';
import { deployments, licenses, users } from '../db/schema';
import { insertTeam } from '../teams/queries';
import { api } from '../../test/support/api-client';
import { frozenClock } from '../../test/support/clock';
import { useTestServer } from '../../test/support/suite-server';
import { call } from '../../test/support/typed-client';

/**
 * Issue #30 part 5: the admin lists (Deployments, Licenses, Balances, Audit) search, filter, sort
 * and page on the server, their exports hold exactly the filtered rows, and every CSV export has a
 * variant Excel reads as UTF-8 (a byte-order mark first).
 */
const day = 86_400_000;
const clock = frozenClock(new Date());
const d = deploymentsContract(defaultBrand);
const l = licensesContract;
const b = billingContract;

const zoe = `zoë.ångström+${randomUUID().slice(0, 6)}@例え.test`;
const percent = '100%_off@example.test';
const quote = "o'brien@example.test";

describe('admin lists: search, filters, order and exports on the server', () => {
  const { server, tokens } = useTestServer({}, { clock, signIn: ['admin', 'user'] });
  const ids: Record<string, string> = {};

  let seeded: Promise<void> | undefined;
  const seed = () => (seeded ??= seedOnce());
  const seedOnce = async () => {
    const db = server.deps.db;
    const now = clock.now().getTime();
    const made = await db
      .insert(users)
      .values([zoe, percent, quote].map((email) => ({ issuer: 'seed', subject: email, email })))
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => made.find((u) => u.email === email)?.id ?? '';
    // Balances only through the ledger: in credit, zero, overdrawn.
    await db.transaction((tx) => applyMovements(tx, idOf(zoe), [{ amountCents: 5_000, kind: 'admin_topup', idempotencyKey: 'seed-zoe', description: 'Seed' }]));
    await db.transaction((tx) =>
      applyMovements(tx, idOf(percent), [
        { amountCents: 100, kind: 'admin_topup', idempotencyKey: 'seed-percent-in', description: 'Seed' },
        { amountCents: -100, kind: 'usage', idempotencyKey: 'seed-percent-out', description: 'Seed' },
      ]),
    );
    await db.transaction((tx) => applyMovements(tx, idOf(quote), [{ amountCents: -700, kind: 'usage', idempotencyKey: 'seed-quote', description: 'Seed' }]));

    const dep = (userId: string, name: string, status: 'running' | 'failed' | 'pending', provider: 'hetzner' | 'civo' | 'local') => ({
      userId,
      name,
      status,
      provider,
      typeId: trialVmTypeId,
      hourlyRateCents: 10,
      timeoutMins: 60,
      ipv4: status === 'running' ? '203.0.113.7' : null,
    });
    const deps = await db
      .insert(deployments)
      .values([
        dep(idOf(zoe), 'alpha-running', 'running', 'hetzner'),
        dep(idOf(zoe), 'beta-failed', 'failed', 'civo'),
        dep(idOf(zoe), 'gamma_100%', 'pending', 'local'),
        dep(idOf(quote), 'delta', 'running', 'civo'),
      ])
      .returning({ id: deployments.id, name: deployments.name });
    for (const x of deps) ids[x.name] = x.id;

    const lic = (key: string, over: Partial<typeof licenses.$inferInsert>): typeof licenses.$inferInsert => ({
      id: `lic_list${key.padEnd(16, '0')}`,
      userId: idOf(zoe),
      email: zoe,
      type: 'community',
      organizationName: 'Zoë Labs',
      status: 'active',
      paymentStatus: 'none',
      expiresAt: new Date(now + 200 * day),
      ...over,
    });
    const rows = [
      lic('soon', { type: 'enterprise', paymentStatus: 'paid', expiresAt: new Date(now + 10 * day) }),
      lic('later', { type: 'trial', expiresAt: new Date(now + 45 * day) }),
      lic('gone', { expiresAt: new Date(now - 2 * day) }),
      lic('owed', { type: 'enterprise', status: 'pending', paymentStatus: 'pending', expiresAt: null }),
      lic('revoked', { status: 'revoked', revokedAt: new Date(now - day), revokeReason: 'Chargeback', expiresAt: new Date(now + 5 * day) }),
      lic('never', { type: 'enterprise', paymentStatus: 'paid', perpetual: true, expiresAt: null }),
      lic('quote', { userId: idOf(quote), email: quote, organizationName: "O'Brien & Sons", expiresAt: new Date(now + 20 * day) }),
    ];
    await db.insert(licenses).values(rows);
    for (const r of rows) ids[r.id.slice(8).replace(/0+$/, '')] = r.id;

    // A team (issue 34): an account of its own, with a deployment, a licence and a balance of its own.
    const team = await insertTeam(db, idOf(zoe), 'Åcme Team', clock.now());
    ids.team = team;
    ids.zoe = idOf(zoe);
    await db.transaction((tx) => applyMovements(tx, team, [{ amountCents: 2_500, kind: 'admin_topup', idempotencyKey: 'seed-team', description: 'Seed' }]));
    // (no IP address, and a licence id outside `lic_list`, so the searches above keep their rows)
    await db.insert(deployments).values({ ...dep(team, 'team-epsilon', 'running', 'hetzner'), ipv4: null });
    ids.teamLicence = 'lic_teamrows00000000';
    await db.insert(licenses).values(lic('team', { id: ids.teamLicence, userId: team, email: percent, organizationName: 'Åcme Team' }));
  };

  const licencesOf = async (query: Record<string, string>) => {
    await seed();
    const res = await api(server, `/api/admin/licenses?${new URLSearchParams(query).toString()}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    return l.adminList.responses[200].schema.parse(res.body);
  };
  const licenceIds = async (query: Record<string, string>) => (await licencesOf(query)).licenses.map((x) => x.id);
  const csvOf = async (path: string) => {
    await seed();
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { bytes, text: bytes.toString('utf8'), disposition: res.headers.get('content-disposition') ?? '' };
  };
  const bomOf = (bytes: Buffer) => [...bytes.subarray(0, 3)];

  describe('License Admin', () => {
    it('searches the e-mail, organisation and licence id, any case, and counts what matches', async () => {
      const all = await licencesOf({ search: 'ZOË LABS' });
      expect(all.total).toBe(6);
      expect(all.total_pages).toBe(1);
      expect(await licenceIds({ search: "o'brien" })).toEqual([ids.quote]);
      expect(await licenceIds({ search: 'lic_listsoon' })).toEqual([ids.soon]);
    });

    it('filters by type, status (expired and revoked too), payment and expiring within N days', async () => {
      const mine = { search: zoe };
      expect(await licenceIds({ ...mine, type: 'trial' })).toEqual([ids.later]);
      expect(await licenceIds({ ...mine, status: 'expired' })).toEqual([ids.gone]);
      expect(await licenceIds({ ...mine, status: 'revoked' })).toEqual([ids.revoked]);
      expect((await licenceIds({ ...mine, status: 'active' })).sort()).toEqual([ids.soon, ids.later, ids.never].sort());
      expect(await licenceIds({ ...mine, payment: 'pending' })).toEqual([ids.owed]);
      // Within 30 days: not the one in 45, not the expired, revoked or perpetual ones.
      expect((await licenceIds({ search: 'lic_list', expiring_within: '30' })).sort()).toEqual([ids.soon, ids.quote].sort());
      expect(await licenceIds({ search: 'lic_list', expiring_within: '30', type: 'enterprise' })).toEqual([ids.soon]);
    });

    it('sorts by a column in either direction; a licence that never ends sorts after every date', async () => {
      const byExpiry = await licenceIds({ search: zoe, sort: 'expires', dir: 'asc' });
      expect(byExpiry.slice(0, 4)).toEqual([ids.gone, ids.revoked, ids.soon, ids.later]);
      expect(byExpiry.slice(4).sort()).toEqual([ids.owed, ids.never].sort());
      expect((await licenceIds({ search: zoe, sort: 'expires', dir: 'desc' })).slice(2)).toEqual([ids.later, ids.soon, ids.revoked, ids.gone]);
      expect((await licenceIds({ search: 'lic_list', sort: 'organization', dir: 'desc' }))[6]).toBe(ids.quote);
      // By the status the row shows: an active licence past its end sorts as expired.
      const statuses = (await licencesOf({ search: 'lic_list', sort: 'status', dir: 'asc' })).licenses.map((x) => x.status);
      expect(statuses).toEqual(['active', 'active', 'active', 'active', 'expired', 'pending', 'revoked']);
    });

    it('exports only the filtered rows; CSV for Excel starts with the UTF-8 byte-order mark and keeps non-ASCII text', async () => {
      const plain = await csvOf('/api/admin/licenses/export?search=lic_list&expiring_within=30');
      const lines = plain.text.trimEnd().split('\r\n');
      expect(lines[0]?.startsWith('id,user_email,type')).toBe(true);
      expect(
        lines
          .slice(1)
          .map((line) => line.split(',')[0])
          .sort(),
      ).toEqual([ids.soon, ids.quote].sort());
      expect(bomOf(plain.bytes)).not.toEqual([0xef, 0xbb, 0xbf]);

      const excel = await csvOf('/api/admin/licenses/export?search=lic_list&expiring_within=30&excel=1');
      expect(bomOf(excel.bytes)).toEqual([0xef, 0xbb, 0xbf]);
      expect(excel.bytes.subarray(3).toString('utf8')).toBe(plain.text);
      expect(excel.text).toContain('Zoë Labs');
      expect(excel.text).toContain(zoe);
      expect(excel.disposition).toMatch(/filename="licenses-\d{4}-\d{2}-\d{2}-excel\.csv"/);
    });
  });

  describe('Deployment Dashboard', () => {
    const names = async (query: Record<string, string>) => {
      await seed();
      return (await call(server, d.adminList, { query }, { token: tokens.admin })).deployments.map((x) => x.name);
    };

    it('searches name, e-mail, id and IP; filters by status and provider; sorts; pages', async () => {
      expect(await names({ search: 'ALPHA' })).toEqual(['alpha-running']);
      expect(await names({ search: quote })).toEqual(['delta']);
      expect(await names({ search: ids['beta-failed'] ?? '' })).toEqual(['beta-failed']);
      expect((await names({ search: '203.0.113.7' })).sort()).toEqual(['alpha-running', 'delta']);
      expect(await names({ search: zoe, status: 'failed' })).toEqual(['beta-failed']);
      expect((await names({ provider: 'civo' })).sort()).toEqual(['beta-failed', 'delta']);
      expect(await names({ search: zoe, sort: 'name', dir: 'desc' })).toEqual(['gamma_100%', 'beta-failed', 'alpha-running']);
      const page = await call(server, d.adminList, { query: { search: zoe, sort: 'name', page: 2, page_size: 2 } }, { token: tokens.admin });
      expect(page).toMatchObject({ total: 3, total_pages: 2 });
      expect(page.deployments.map((x) => x.name)).toEqual(['gamma_100%']);
    });

    it('matches % and _ as themselves', async () => {
      expect(await names({ search: '100%' })).toEqual(['gamma_100%']);
      expect(await names({ search: '_' })).toEqual(['gamma_100%']);
      expect(await names({ search: '%' })).toEqual(['gamma_100%']);
    });

    it('exports only the filtered rows, and the Excel variant with the mark', async () => {
      const { text } = await csvOf('/api/admin/deployments/export?provider=civo');
      expect(
        text
          .trimEnd()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[1])
          .sort(),
      ).toEqual(['beta-failed', 'delta']);
      const excel = await csvOf(`/api/admin/deployments/export?search=${encodeURIComponent(zoe)}&excel=1`);
      expect(bomOf(excel.bytes)).toEqual([0xef, 0xbb, 0xbf]);
      expect(excel.text.match(/\r\n/g)).toHaveLength(4);
      expect(excel.text).toContain(zoe);
    });
  });

  describe('All balances', () => {
    const emails = async (query: Record<string, string>) => {
      await seed();
      return (await call(server, b.adminBalances, { query }, { token: tokens.admin })).balances.map((x) => x.email);
    };

    it('searches the e-mail, filters by sign and sorts by balance', async () => {
      expect(await emails({ search: 'ÅNGSTRÖM' })).toEqual([zoe]);
      expect(await emails({ balance: 'negative' })).toEqual([quote]);
      expect(await emails({ search: '100%' })).toEqual([percent]);
      expect(await emails({ search: "'" })).toEqual([quote]);
      const byBalance = await emails({ sort: 'balance', dir: 'asc' });
      expect(byBalance[0]).toBe(quote);
      const page = await call(server, b.adminBalances, { query: { search: zoe } }, { token: tokens.admin });
      expect(page).toMatchObject({ total: 1, total_pages: 1, balances: [{ email: zoe, balance_cents: 5_000 }] });
    });

    it('exports only the filtered rows; with excel=1 the mark and the name intact', async () => {
      const plain = await csvOf('/api/admin/balances/export?balance=negative');
      expect(plain.text.trimEnd().split('\r\n').slice(1)).toEqual([expect.stringContaining(`"${quote}",-700`.replace(/"/g, ''))]);
      const excel = await csvOf(`/api/admin/balances/export?search=${encodeURIComponent('ångström')}&excel=1`);
      expect(bomOf(excel.bytes)).toEqual([0xef, 0xbb, 0xbf]);
      expect(excel.text.split('\r\n')[1]).toContain(`${zoe},5000,`);
    });
  });

  describe("one account's rows (the customer page's links: a team's deployments, licences, balance)", () => {
    const account = () => ({ account: ids.team ?? '' });

    it('each list shows only that account, with the other filters still applying', async () => {
      await seed();
      const deps = await call(server, d.adminList, { query: account() }, { token: tokens.admin });
      expect(deps).toMatchObject({ total: 1, deployments: [{ name: 'team-epsilon', user_email: 'Åcme Team' }] });
      expect((await call(server, d.adminList, { query: { ...account(), status: 'failed' } }, { token: tokens.admin })).total).toBe(0);
      expect(await licenceIds(account())).toEqual([ids.teamLicence]);
      // the creator's own rows are not the team's
      expect(await licenceIds({ account: ids.zoe ?? '' })).not.toContain(ids.teamLicence);
      const bal = await call(server, b.adminBalances, { query: account() }, { token: tokens.admin });
      expect(bal).toMatchObject({ total: 1, balances: [{ user_id: ids.team, email: 'Åcme Team', balance_cents: 2_500 }] });
    });

    it('the exports hold the same rows', async () => {
      await seed();
      const rowsOf = async (path: string) => (await csvOf(`${path}?account=${ids.team ?? ''}`)).text.trimEnd().split('\r\n').slice(1);
      expect(await rowsOf('/api/admin/deployments/export')).toEqual([expect.stringContaining('team-epsilon')]);
      expect(await rowsOf('/api/admin/licenses/export')).toEqual([expect.stringContaining(ids.teamLicence ?? '')]);
      expect(await rowsOf('/api/admin/balances/export')).toEqual([expect.stringContaining('2500')]);
    });

    it('refuses an account that is not an id with 400', async () => {
      for (const path of ['/api/admin/licenses', '/api/admin/deployments', '/api/admin/balances', '/api/admin/deployments/export']) {
        const res = await api(server, `${path}?account=not-a-uuid`, { token: tokens.admin });
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({ error: expect.any(String), details: expect.anything() });
      }
    });
  });

  describe('every CSV export offers the Excel variant', () => {
    it.each([
      ['audit', `${auditContract.adminExport.path}?excel=1`],
      ['pings', `${pingsContract.adminExport.path}?excel=1`],
    ])('%s', async (_name, path) => {
      const { bytes, disposition } = await csvOf(path);
      expect(bomOf(bytes)).toEqual([0xef, 0xbb, 0xbf]);
      expect(disposition).toMatch(/-excel\.csv"$/);
    });

    it("the user's own transactions", async () => {
      const res = await fetch(`${server.url}${b.transactionsExport.path}?excel=1`, { headers: { authorization: `Bearer ${tokens.user}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status).toBe(200);
      expect(bomOf(bytes)).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString('utf8').startsWith('created_at,kind,')).toBe(true);
    });
  });

  describe('hostile query strings', () => {
    const lists = ['/api/admin/licenses', '/api/admin/deployments', '/api/admin/balances', '/api/admin/licenses/export', '/api/admin/deployments/export', '/api/admin/balances/export'];

    it.each(lists)('%s answers wildcards, quotes and SQL as plain text, never a 500', async (path) => {
      await seed();
      for (const search of ["'; drop table users; --", '%%', '\\', '"', '_%_', 'ö%ö', '\\%']) {
        const res = await api(server, `${path}?search=${encodeURIComponent(search)}`, { token: tokens.admin });
        expect(res.status, search).toBe(200);
      }
    });

    it.each(lists)('%s refuses a bad parameter with 400 {error, details}', async (path) => {
      for (const q of [`search=${'x'.repeat(201)}`, 'search=%00', 'search=a%1Bb', 'sort=password', 'dir=up', 'excel=yes', 'page=0']) {
        const res = await api(server, `${path}?${q}`, { token: tokens.admin });
        if (q === 'page=0' && path.endsWith('/export')) continue;
        if (q === 'excel=yes' && !path.endsWith('/export')) continue;
        expect(res.status, q).toBe(400);
        expect(res.body, q).toMatchObject({ error: expect.any(String), details: expect.anything() });
      }
    });

    it('License Admin refuses a status, type, payment or window it does not know', async () => {
      for (const q of ['status=gone', 'type=gold', 'payment=maybe', 'expiring_within=0', 'expiring_within=abc', 'expiring_within=3651', 'expiring_within=1.5']) {
        const res = await api(server, `/api/admin/licenses?${q}`, { token: tokens.admin });
        expect(res.status, q).toBe(400);
        expect(res.body, q).toMatchObject({ error: expect.any(String), details: expect.anything() });
      }
    });

    it('the lists stay admin-only', async () => {
      for (const path of ['/api/admin/licenses?search=a', '/api/admin/deployments?status=running', '/api/admin/balances', '/api/admin/balances/export']) {
        expect((await api(server, path, { token: tokens.user })).status, path).toBe(403);
        expect((await api(server, path)).status, path).toBe(401);
      }
    });
  });

  it('answers 20 parallel filtered requests each with its own rows', async () => {
    await seed();
    const asks = [
      ['/api/admin/licenses?search=lic_list&expiring_within=30', (body: unknown) => l.adminList.responses[200].schema.parse(body).total === 2],
      ['/api/admin/licenses?search=lic_list&status=revoked', (body: unknown) => l.adminList.responses[200].schema.parse(body).licenses[0]?.id === ids.revoked],
      ['/api/admin/deployments?provider=civo', (body: unknown) => d.adminList.responses[200].schema.parse(body).total === 2],
      ['/api/admin/balances?balance=negative', (body: unknown) => b.adminBalances.responses[200].schema.parse(body).balances[0]?.email === quote],
      ['/api/admin/deployments/export?search=delta', (body: unknown) => String(body).includes('delta') && !String(body).includes('alpha')],
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [path, check] = asks[i % asks.length] ?? asks[0];
        const res = await api(server, path, { token: tokens.admin });
        return res.status === 200 && check(res.body);
      }),
    );
    expect(results).toEqual(Array.from({ length: 20 }, () => true));
  });
});
