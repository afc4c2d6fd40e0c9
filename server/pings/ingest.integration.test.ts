import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '../../test/support/api-client';
import { type TestServer } from '../../test/support/server';
import { licenses } from '../db/schema';
import { createPingIngest, ingestPings } from './ingest';
import { useTestServer } from '../../test/support/suite-server';

const hex = (i: number) => i.toString(16).padStart(64, '0');
const count = async (server: TestServer, query: ReturnType<typeof sql>) => Number(((await server.deps.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n);

describe('pings written in group commits', () => {
  const { server } = useTestServer({ PING_RATE_LIMIT_PER_MINUTE: '100000' });

  it('answers every one of 60 parallel pings only once stored: each ping counted, the latest one shown', async () => {
    const sends = Array.from({ length: 60 }, (_, i) =>
      // 30 pings from one installation (same licence hash, address and edition), 30 from 30 others.
      api(server, '/api/ping', { method: 'POST', body: { version: i < 30 ? `2.0.${i}` : '2.1.0', apps_count: i, users_count: 1, deployment_id: i < 30 ? hex(1) : hex(1000 + i) } }),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    expect(await count(server, sql`select ping_count as n from installations where deployment_id = ${hex(1)}`)).toBe(30);
    expect(await count(server, sql`select count(*) as n from ping_history h join installations i on i.key = h.installation_key where i.deployment_id = ${hex(1)}`)).toBe(30);
    expect(await count(server, sql`select count(*) as n from installations where deployment_id like '0000%' and deployment_id <> ${hex(1)}`)).toBe(30);
    // The row shows the last ping the installation sent, not whichever was written last.
    const page = await api(server, '/api/ping', { method: 'POST', body: { version: '2.9.9', apps_count: 99, users_count: 1, deployment_id: hex(1) } });
    expect(page.status).toBe(200);
    expect(await count(server, sql`select apps_count as n from installations where deployment_id = ${hex(1)}`)).toBe(99);
  });

  it('a ping the database refuses fails alone; the others of its batch are stored', async () => {
    const ingest = createPingIngest({ db: server.deps.db });
    const at = new Date();
    const good = (i: number) => ({ body: { version: '3.0.0', apps_count: 1, users_count: 1, deployment_id: hex(5000 + i) }, senderIp: '10.9.9.9', at });
    // users_count above a 32-bit integer passes no schema of ours; it stands in for any value the database refuses.
    const bad = { body: { version: '3.0.0', apps_count: 1, users_count: 2 ** 40, deployment_id: hex(6000) }, senderIp: '10.9.9.9', at };
    const results = await Promise.allSettled([ingest.ingest(good(1)), ingest.ingest(good(2)), ingest.ingest(bad), ingest.ingest(good(3))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await count(server, sql`select count(*) as n from installations where version = '3.0.0'`)).toBe(3);
  });

  it('tells the over-limit check to run only for an installation whose licence limits its users', async () => {
    const at = new Date();
    const licence = async (id: string, usersLimit: number | null) => {
      await server.deps.db
        .insert(licenses)
        .values({ id, email: 'buyer@example.test', type: 'enterprise', organizationName: id, status: 'active', paymentStatus: 'paid', usersLimit, keyHash: hex(7000 + id.length), createdAt: at });
      return hex(7000 + id.length);
    };
    const limited = await licence('lic_limitedlicence0001', 5);
    const unlimited = await licence('lic_unlimited0001', null);
    const ping = (deploymentId: string) => ({ body: { version: '3.1.0', apps_count: 1, users_count: 9, deployment_id: deploymentId }, senderIp: '10.9.9.8', at });
    expect(await ingestPings(server.deps, [ping(hex(8000))])).toEqual({ limitedLicence: false });
    expect(await ingestPings(server.deps, [ping(unlimited)])).toEqual({ limitedLicence: false });
    expect(await ingestPings(server.deps, [ping(hex(8001)), ping(limited), ping(unlimited)])).toEqual({ limitedLicence: true });
  });
});
