import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/support/clock';
import { startSilentUpstream, type SilentUpstream } from '../../test/support/silent-upstream';
import { createReleaseSource } from './service';

/** Time stands still unless advanced, so a backoff boundary is hit to the millisecond. */
function stillClock() {
  let t = Date.parse('2026-01-01T00:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const fresh = [{ tag_name: '9.1.0' }, { tag_name: '9.1.0-rc1', prerelease: true }, { tag_name: '9.0.0' }];

describe('release list: stale-while-revalidate', () => {
  let upstream: SilentUpstream | undefined;
  afterEach(async () => {
    await upstream?.close();
  });

  it('answers at once from the bundled list while the code host accepts and never answers, then uses the fresh list once it does', async () => {
    upstream = await startSilentUpstream();
    const clock = stillClock();
    const source = createReleaseSource({ url: upstream.url, clock, timeoutMs: 60_000, backoff: { baseMs: 30_000, maxMs: 600_000, random: () => 1 } });
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await source.list());
    // Every answer came while the one fetch is still outstanding (it would take its 60 s timeout): none waited on it.
    expect(source.refreshing()).toBeDefined();
    expect(new Set(answers.map((a) => a.source))).toEqual(new Set(['bundled']));
    // The first fetch of a process loads the HTTP client: on a busy machine that alone can take many seconds.
    await until('the fetch to reach the upstream', async () => upstream?.held() === 1, 60_000);
    // one fetch in flight, not one per call
    expect(upstream.connections()).toBe(1);

    upstream.answer(fresh); // drops the held connection: that fetch fails, the next waits out the backoff
    await source.refreshing();
    expect((await source.list()).source).toBe('bundled');
    expect(source.refreshing()).toBeUndefined();
    clock.advance(30_000);
    expect((await source.list()).source).toBe('bundled'); // starts the refresh, answers without it
    await source.refreshing();
    expect(await source.list()).toMatchObject({ source: 'live', default: '9.1.0', stable: ['9.1.0', '9.0.0'] });
    expect(await source.isKnown('9.1.0-rc1')).toBe(true);
  }, 120_000);

  it('backs off exponentially after failures and serves the last fetched list when it goes stale', async () => {
    upstream = await startSilentUpstream();
    upstream.answer(fresh);
    const clock = stillClock();
    const source = createReleaseSource({ url: upstream.url, clock, ttlMs: 600_000, backoff: { baseMs: 10_000, maxMs: 40_000, random: () => 1 } });
    await source.list();
    await source.refreshing();
    expect((await source.list()).default).toBe('9.1.0');
    await upstream.close();
    upstream = undefined;

    clock.advance(600_000);
    // stale: answered from the last list at once while the refresh fails
    expect(await source.list()).toMatchObject({ source: 'cache', default: '9.1.0' });
    await source.refreshing();
    const attemptsAfter = (ms: number) => {
      clock.advance(ms);
      void source.list();
      return source.refreshing() !== undefined;
    };
    // waits 10 s, 20 s, 40 s, then stays at 40 s
    for (const wait of [10_000, 20_000, 40_000, 40_000]) {
      expect(attemptsAfter(wait - 1)).toBe(false);
      expect(attemptsAfter(1)).toBe(true);
      await source.refreshing();
      expect((await source.list()).default).toBe('9.1.0');
    }
  });

  it('without a URL serves the bundled list and fetches nothing', async () => {
    const source = createReleaseSource({ url: undefined, clock: stillClock() });
    expect((await source.list()).source).toBe('bundled');
    expect(source.refreshing()).toBeUndefined();
  });
});
