import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { pingCountCap, pingsContract as p } from '../../shared/api/pings';
import { defaultBrand } from '../../shared/brand';
import { installations } from '../db/schema';
import { api } from '../../test/support/api-client';
import { frozenClock, until } from '../../test/support/clock';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';
import { locate } from './geo';

const d = deploymentsContract(defaultBrand);

describe('version pings', () => {
  const { server, tokens } = useTestServer({}, { signIn: ['user', 'admin'], clock: frozenClock() });

  const ping = (body: unknown, headers: Record<string, string> = {}) => api(server, '/api/ping', { method: 'POST', body, headers });

  it('accepts exactly what installations send and answers the newest stable release', async () => {
    const res = await ping({ version: '2.12.2', apps_count: 3, users_count: 12, deployment_id: 'unknown', edition: 'server' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ latest_version: '2.12.2' });
    for (const version of ['<unknown>', 'a'.repeat(40), '2.13.0-rc1']) {
      expect((await ping({ version, apps_count: 0, users_count: 0, deployment_id: 'unknown' })).status).toBe(200);
    }
  });

  it.each([
    [{}],
    [{ version: 2, apps_count: 0, users_count: 0, deployment_id: 'unknown' }],
    [{ version: 'x', apps_count: -1, users_count: 0, deployment_id: 'unknown' }],
    [{ version: 'x', apps_count: 0, users_count: 0, deployment_id: 'zz' }],
    ['not json'],
  ])('refuses %j with a 400 JSON error', async (body) => {
    const res = await ping(body);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('error');
  });

  it('matches a license by the SHA-256 of its key and keeps extra fields as metadata', async () => {
    const { license_key } = await call(server, licensesContract.create, { body: { type: 'community', organization_name: 'Pinging Org' } }, { token: tokens.user });
    if (!license_key) throw new Error('a community license has a key');
    const deploymentId = createHash('sha256').update(license_key).digest('hex');
    await ping({ version: '2.12.1', apps_count: 5, users_count: 7, deployment_id: deploymentId, gpu_count: 2 });
    await ping({ version: '2.12.2', apps_count: 6, users_count: 8, deployment_id: deploymentId });
    const page = await call(server, p.adminList, { query: { page: 1, page_size: 30, licensed: 'true' } }, { token: tokens.admin });
    const row = page.pings.find((p) => p.deployment_id === deploymentId);
    expect(row).toMatchObject({ version: '2.12.2', license_user_email: 'user@example.test', organization_name: 'Pinging Org' });
    const rows = await server.deps.db.select().from(installations);
    expect(rows.filter((r) => r.deploymentId === deploymentId)).toHaveLength(1);
  });

  it('marks an installation Managed when it pings from a hosted deployment’s address', async () => {
    const created = await call(server, d.create, { body: { configId: 'trial_vm_hetzner', name: 'managed', timeoutMins: null } }, { token: tokens.user });
    // The machine's address is known once provisioning has made it.
    await until('the hosted machine has its address', async () => (await call(server, d.get, { params: { id: created.id } }, { token: tokens.user })).ipv4 !== null);
    const managedId = 'f'.repeat(64);
    await ping({ version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: managedId });
    const page = await call(server, p.adminList, { query: { managed: 'true' } }, { token: tokens.admin });
    expect(page.pings.find((p) => p.deployment_id === managedId)).toMatchObject({ is_managed: true, instance_user_email: 'user@example.test' });
    await send(server, d.remove, { params: { id: created.id } }, { token: tokens.user });
    await server.services.tasks.drain();
  });

  it('locates a known public address from the bundled database', () => {
    expect(locate('8.8.8.8').country).toBe('US');
    expect(locate('81.2.69.142')).toMatchObject({ country: 'GB', countryName: 'United Kingdom' });
    expect(locate('127.0.0.1').country).toBeNull();
  });

  it('is for admins only, paged and filterable', async () => {
    expect((await api(server, '/api/admin/pings', { token: tokens.user })).status).toBe(403);
    expect((await api(server, '/api/admin/pings')).status).toBe(401);
    const all = await call(server, p.adminList, { query: { page: 1, page_size: 2 } }, { token: tokens.admin });
    expect(all.pings).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await api(server, '/api/admin/pings?page=0', { token: tokens.admin })).status).toBe(400);
    const stats = await call(server, p.adminStats, {}, { token: tokens.admin });
    expect(stats.active_by_day).toHaveLength(30);
  });

  it('limits pings per address with 429 and Retry-After', async () => {
    let limited;
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await ping({ version: '2.12.2', apps_count: 0, users_count: 0, deployment_id: 'unknown' });
      if (res.status === 429) limited = res;
    }
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts installations only up to the cap, so the page costs the same however many report', async () => {
    await server.deps.db.execute(sql`
      insert into installations (key, deployment_id, ip_address, version, apps_count, users_count, first_seen, last_ping)
      select 'cap-' || g, 'unknown', '10.0.0.1', '2.12.2', 0, 0, now(), now() from generate_series(1, ${pingCountCap + 5}) g`);
    const res = await api(server, '/api/admin/pings?page=1', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: pingCountCap, total_capped: true });
    const filtered = await call(server, p.adminList, { query: { page: 1, version: '2.12.2' } }, { token: tokens.admin });
    expect(filtered.total_capped).toBe(true);
    await server.deps.db.delete(installations).where(sql`${installations.key} like 'cap-%'`);
  });
});
