import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { licensesContract } from '../../shared/api/licenses';
import type { z } from 'zod';
import { pingsContract as p, type pingFiltersQuery } from '../../shared/api/pings';
import { urlOf } from '../../shared/api/route';
import { installations, licenses } from '../db/schema';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';

const hour = 3_600_000;

/** Issue #22: status, versions behind, users against the licence limit, filters, the installation page and the CSV export. */
describe('installation insights', () => {
  let server: TestServer;
  let user: string;
  let admin: string;
  const clock = manualClock();
  let licensed: string;
  const upToDate = 'b'.repeat(64);

  const ping = (deploymentId: string, version: string, users: number) =>
    api(server, '/api/ping', { method: 'POST', body: { version, apps_count: 1, users_count: users, deployment_id: deploymentId } });
  const signInBoth = async () => {
    [user, admin] = await Promise.all([signIn(server, 'user@example.test', 'userpass').then((s) => s.accessToken), signIn(server, 'admin@example.test', 'adminpass').then((s) => s.accessToken)]);
  };
  const ids = async (query: z.input<typeof pingFiltersQuery>) => (await call(server, p.adminList, { query: { page_size: 100, ...query } }, { token: admin })).pings.map((r) => r.id);

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    await signInBoth();
    const { license_key, id } = await call(server, licensesContract.create, { body: { type: 'community', organization_name: 'Limited Org' } }, { token: user });
    if (!license_key) throw new Error('a community license has a key');
    await server.deps.db.update(licenses).set({ usersLimit: 5 }).where(eq(licenses.id, id));
    licensed = createHash('sha256').update(license_key).digest('hex');
  });
  afterAll(async () => server?.cleanup());

  it('is new when first seen, inactive after 3 hours without a ping, active after its first day', async () => {
    expect((await ping(licensed, '2.11.4', 9)).status).toBe(200);
    expect((await ping(upToDate, '2.12.1', 1)).status).toBe(200);
    const first = await call(server, p.adminList, { query: {} }, { token: admin });
    expect(first.pings.find((r) => r.id === licensed)).toMatchObject({ status: 'new', versions_behind: 1, users_limit: 5, over_limit: true, users_count: 9 });
    // 2.12.1 is on the latest minor line: 0 behind, as the administrator's alert counts
    expect(first.pings.find((r) => r.id === upToDate)).toMatchObject({ status: 'new', versions_behind: 0, users_limit: null, over_limit: false });

    clock.advance(3 * hour);
    await signInBoth();
    await ping(upToDate, '2.12.2', 1);
    const later = await call(server, p.adminList, { query: {} }, { token: admin });
    expect(later.pings.find((r) => r.id === licensed)?.status).toBe('inactive');
    expect(later.pings.find((r) => r.id === upToDate)).toMatchObject({ status: 'new', versions_behind: 0 });

    clock.advance(22 * hour);
    await signInBoth();
    await ping(upToDate, '2.12.2', 1);
    expect((await call(server, p.adminList, { query: {} }, { token: admin })).pings.find((r) => r.id === upToDate)?.status).toBe('active');
  });

  it('filters by status, versions behind and over-limit', async () => {
    expect(await ids({ status: 'inactive' })).toEqual([licensed]);
    expect(await ids({ status: 'active' })).toEqual([upToDate]);
    expect(await ids({ status: 'new' })).toEqual([]);
    expect(await ids({ behind: 'true' })).toEqual([licensed]);
    expect(await ids({ behind: 'false' })).toEqual([upToDate]);
    expect(await ids({ over_limit: 'true' })).toEqual([licensed]);
    expect(await ids({ over_limit: 'false' })).toEqual([upToDate]);
    expect(await ids({ over_limit: 'true', status: 'active' })).toEqual([]);
    expect((await api(server, '/api/admin/pings?status=gone', { token: admin })).status).toBe(400);
  });

  it('shows one installation with its licence, 14 days of uptime and the versions it ran', async () => {
    const detail = await call(server, p.adminDetail, { params: { id: upToDate } }, { token: admin });
    expect(detail.installation).toMatchObject({ id: upToDate, status: 'active', version: '2.12.2' });
    expect(detail.license).toBeNull();
    expect(detail.uptime).toHaveLength(14);
    expect(detail.uptime.at(-1)?.date).toBe(clock.now().toISOString().slice(0, 10));
    // three pings, hours apart: three hours with a ping over the days they fell on
    expect(detail.uptime.reduce((s, d) => s + d.hours, 0)).toBe(3);
    // counted from the hour of the first ping: the days before it have no uptime, not 0%
    for (const d of detail.uptime) expect(d.uptime).toBe(d.observed_hours === 0 ? null : d.hours / d.observed_hours);
    expect(detail.uptime.filter((d) => d.uptime === null).length).toBeGreaterThan(0);
    expect(detail.versions.map((v) => [v.version, v.pings])).toEqual([
      ['2.12.1', 1],
      ['2.12.2', 2],
    ]);

    const limited = await call(server, p.adminDetail, { params: { id: licensed } }, { token: admin });
    expect(limited.license).toMatchObject({ organization_name: 'Limited Org', users_limit: 5, type: 'community' });
    expect(limited.installation).toMatchObject({ over_limit: true, status: 'inactive' });

    expect((await send(server, p.adminDetail, { params: { id: 'no-such-installation' } }, { token: admin })).status).toBe(404);
  });

  it('finds rows keyed by address, whose ids hold a slash', async () => {
    await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 0, users_count: 0, deployment_id: 'unknown', edition: 'server' } });
    const row = (await call(server, p.adminList, { query: { search: '127.0.0.1' } }, { token: admin })).pings.find((r) => r.id.endsWith('/server'));
    expect(row).toBeDefined();
    expect((await call(server, p.adminDetail, { params: { id: row?.id ?? '' } }, { token: admin })).installation.id).toBe(row?.id);
  });

  it('is for admins only', async () => {
    expect((await send(server, p.adminDetail, { params: { id: upToDate } }, { token: user })).status).toBe(403);
    expect((await send(server, p.adminExport, { query: {} }, { token: user })).status).toBe(403);
    expect((await send(server, p.adminExport, { query: {} })).status).toBe(401);
  });

  it('exports 100,000 installations as CSV with the filters, streamed and safe to open in a spreadsheet', async () => {
    // One timestamp for all of them: the export's cursor must not lose rows that share a last ping.
    await server.deps.db.execute(sql`
      insert into installations (key, deployment_id, ip_address, version, apps_count, users_count, organization_name, first_seen, last_ping)
      select 'csv-' || g, 'unknown', '10.9.0.1', '9.9.9-csv', 0, 0, case when g = 777 then '=HYPERLINK("http://evil.test","x")' when g = 778 then '@SUM(A1)' else 'Org ' || g end, ${clock.now()}, ${clock.now()}
      from generate_series(1, 100000) g`);
    const res = await fetch(`${server.url}${urlOf(p.adminExport, { query: { version: '9.9.9-csv' } })}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="installations-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^id,ip_address,/);
    expect(lines).toHaveLength(100_001);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(100_001);
    expect(lines.find((l) => l.startsWith('csv-777,'))).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines.find((l) => l.startsWith('csv-778,'))).toContain(`,'@SUM(A1),`);

    const inactive = await api(server, urlOf(p.adminExport, { query: { status: 'inactive' } }), { token: admin });
    const rows = String(inactive.body).split('\r\n').filter(Boolean);
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual([licensed]);
    expect(rows[1]).toContain(',inactive,');
    await server.deps.db.delete(installations).where(sql`${installations.key} like 'csv-%'`);
  }, 120_000);
});
