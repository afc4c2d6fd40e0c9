/** Pings on PostgreSQL, where the batch statement is a named prepared statement on each connection of each instance. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../test/support/api-client';
import { postgresAvailable, postgresSkipNote } from '../../test/support/postgres';
import type { TestServer } from '../../test/support/server';
import { useTwoInstancesOnPostgres } from '../../test/support/two-instances';
import { createPingIngest } from './ingest';

const pgAvailable = await postgresAvailable();
const hex = (i: number) => i.toString(16).padStart(64, '0');

describe.skipIf(!pgAvailable)(pgAvailable ? 'pings on PostgreSQL with two instances' : `pings on PostgreSQL ${postgresSkipNote}`, () => {
  const servers = useTwoInstancesOnPostgres({}, { PING_RATE_LIMIT_PER_MINUTE: '100000' });
  const instance = (i: number): TestServer => {
    const server = servers[i % 2];
    if (!server) throw new Error('no server');
    return server;
  };
  const read = async (query: ReturnType<typeof sql>) => ((await instance(0).deps.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('stores and counts every one of 200 parallel pings sent to both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        // 100 pings of one installation (split over both instances), 100 of 100 others
        api(instance(i), '/api/ping', { method: 'POST', body: { version: `2.0.${i}`, apps_count: i, users_count: 1, deployment_id: i % 2 === 0 ? hex(1) : hex(1000 + i) } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    const [one] = await read(sql`select ping_count, (select count(*)::int from ping_history where installation_key = i.key) as history from installations i where deployment_id = ${hex(1)}`);
    expect(one).toEqual({ ping_count: 100, history: 100 });
    expect(await read(sql`select count(*)::int as n from installations where deployment_id <> ${hex(1)}`)).toEqual([{ n: 100 }]);
  });

  it('a ping the database refuses fails alone, and the same connections go on storing pings', async () => {
    const ingest = createPingIngest({ db: instance(1).deps.db });
    const at = new Date();
    const ping = (i: number, usersCount = 1) => ({ body: { version: '3.0.0', apps_count: 1, users_count: usersCount, deployment_id: hex(5000 + i) }, senderIp: '10.9.9.9', at });
    // users_count above a 32-bit integer passes no schema of ours; it stands in for any value the database refuses
    const results = await Promise.allSettled([ingest.ingest(ping(1)), ingest.ingest(ping(2)), ingest.ingest(ping(3, 2 ** 40)), ingest.ingest(ping(4))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    await Promise.all(Array.from({ length: 30 }, (_, i) => ingest.ingest(ping(10 + i))));
    expect(await read(sql`select count(*)::int as n from installations where version = '3.0.0'`)).toEqual([{ n: 33 }]);
  });
});
