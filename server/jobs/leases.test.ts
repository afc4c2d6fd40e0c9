import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { openTestPglite } from '../../test/support/test-pglite';
import { createPostgresDatabase, postgresAvailable, type TestPostgresDatabase } from '../../test/support/postgres';
import { manualClock } from '../../test/support/clock';
import { createRateLimits } from '../http/rate-limit';
import { createJobLeases } from './leases';

const minute = 60_000;

function suite(label: string, open: () => Promise<{ database: Database; drop?: () => Promise<void> }>) {
  describe(`cluster state on ${label}`, () => {
    let database: Database;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => ({ database, drop } = await open()));
    afterAll(async () => {
      await database.close();
      await drop?.();
    });

    it('runs a period once across two instances, then the next period once', async () => {
      const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
      const a = createJobLeases(database.db, clock, 'a');
      const b = createJobLeases(database.db, clock, 'b');
      expect(await a.claim('meter', minute)).toBe(true);
      expect(await b.claim('meter', minute)).toBe(false);
      await a.finish('meter');
      expect(await b.claim('meter', minute)).toBe(false);
      clock.advance(minute);
      expect(await b.claim('meter', minute)).toBe(true);
      expect(await a.claim('meter', minute)).toBe(false);
    });

    it('accepts a tick slightly early, so drifting timers never skip a period', async () => {
      const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
      const a = createJobLeases(database.db, clock, 'a');
      expect(await a.claim('drift', minute)).toBe(true);
      await a.finish('drift');
      clock.advance(minute - 2000);
      expect(await a.claim('drift', minute)).toBe(true);
    });

    it('a claim held by a crashed instance blocks others only until it runs out', async () => {
      const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
      const dead = createJobLeases(database.db, clock, 'dead');
      const live = createJobLeases(database.db, clock, 'live');
      expect(await dead.claim('reaper', minute)).toBe(true);
      clock.advance(minute);
      expect(await live.claim('reaper', minute)).toBe(false);
      clock.advance(2 * minute);
      expect(await live.claim('reaper', minute)).toBe(true);
    });

    it('a released claim lets another instance take the next period at once after shutdown', async () => {
      const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
      const a = createJobLeases(database.db, clock, 'a2');
      const b = createJobLeases(database.db, clock, 'b2');
      expect(await a.claim('reconcile', minute)).toBe(true);
      await a.releaseAll();
      clock.advance(minute);
      expect(await b.claim('reconcile', minute)).toBe(true);
    });

    it('counts requests per window in the database, so two instances share one limit', async () => {
      let t = Date.parse('2026-01-01T00:00:10Z');
      const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
      const one = createRateLimits(database.db, clock);
      const two = createRateLimits(database.db, clock);
      const rule = { bucket: 'test', limit: 3, windowMs: minute };
      const results = [await one.hit(rule, '1.2.3.4'), await two.hit(rule, '1.2.3.4'), await one.hit(rule, '1.2.3.4'), await two.hit(rule, '1.2.3.4')];
      expect(results).toEqual([undefined, undefined, undefined, 50]);
      expect(await one.hit(rule, '5.6.7.8')).toBeUndefined();
      clock.advance(50_000);
      expect(await two.hit(rule, '1.2.3.4')).toBeUndefined();
    });
  });
}

suite('PGlite', async () => ({ database: await openTestPglite() }));
const pg = await postgresAvailable();
describe.runIf(pg)('on PostgreSQL', () => {
  suite('PostgreSQL', async () => {
    const created: TestPostgresDatabase = await createPostgresDatabase();
    return { database: await openDatabase({ url: created.url }), drop: created.drop };
  });
});
