import { z } from 'zod';
import type { ReleasesResponse } from '../../shared/api/deployments';
import { defaultVersion, releaseVersions, stableVersions, type RawRelease } from '../../shared/deployments/releases';
import type { Clock } from '../clock';
import { backoffDelay } from '../deployments/providers/http/backoff';
import { bundledReleases } from './bundled';

const releaseList = z.array(z.object({ tag_name: z.string(), draft: z.boolean().optional(), prerelease: z.boolean().optional() }).loose());

export interface ReleaseSource {
  list(): Promise<ReleasesResponse>;
  /** the newest stable tag: the default for new deployments and the `latest_version` pings get */
  latestStable(): Promise<string | null>;
  isKnown(version: string): Promise<boolean>;
  /** the background refresh under way, if any (tests wait for it; requests never do) */
  refreshing(): Promise<void> | undefined;
}

export interface ReleaseSourceOptions {
  url: string | undefined;
  clock: Clock;
  /** a fetched list is fresh this long; after it, the next request starts a refresh */
  ttlMs?: number;
  /** one fetch gives up after this long */
  timeoutMs?: number;
  /** after a failed fetch the next one waits about base·2^(failures-1), at most max */
  backoff?: { baseMs: number; maxMs: number; random?: () => number };
  fetchImpl?: typeof fetch;
  onError?: (err: unknown) => void;
}

/**
 * The code host's public release list, stale-while-revalidate: every call answers at once from
 * what is at hand (the last fetched list, or the bundled one before any fetch succeeded) and, when
 * that is older than `ttlMs`, starts one refresh in the background. A request never waits on the
 * code host, which may be down or unreachable from an air-gapped network. After a failure the next
 * attempt waits with exponential backoff. `url` undefined means bundled only.
 */
export function createReleaseSource(o: ReleaseSourceOptions): ReleaseSource {
  const ttl = o.ttlMs ?? 10 * 60_000;
  const backoff = { baseMs: o.backoff?.baseMs ?? 30_000, maxMs: o.backoff?.maxMs ?? 30 * 60_000, random: o.backoff?.random ?? Math.random };
  const now = () => o.clock.now().getTime();
  const bundled = releaseVersions(bundledReleases);
  let fetched: { versions: string[]; at: number } | undefined;
  let failures = 0;
  let nextAttemptAt = 0;
  let inflight: Promise<void> | undefined;

  // Worked out once per list: every ping asks for the default version.
  const derived = new WeakMap<string[], Pick<ReleasesResponse, 'stable' | 'default'>>();
  const answer = (versions: string[], source: ReleasesResponse['source']): ReleasesResponse => {
    let d = derived.get(versions);
    if (!d) derived.set(versions, (d = { stable: stableVersions(versions), default: defaultVersion(versions) ?? null }));
    return { versions, ...d, source };
  };

  async function refresh(url: string): Promise<void> {
    try {
      const res = await (o.fetchImpl ?? fetch)(url, { headers: { Accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(o.timeoutMs ?? 10_000) });
      if (!res.ok) throw new Error(`release list answered ${res.status}`);
      const versions = releaseVersions(releaseList.parse(await res.json()) as RawRelease[]);
      if (versions.length === 0) throw new Error('release list was empty');
      fetched = { versions, at: now() };
      failures = 0;
    } catch (err) {
      failures += 1;
      nextAttemptAt = now() + backoffDelay(failures, { baseDelayMs: backoff.baseMs, maxWaitMs: backoff.maxMs, random: backoff.random });
      o.onError?.(err);
    } finally {
      inflight = undefined;
    }
  }

  function current(url: string): ReleasesResponse {
    const t = now();
    const stale = !fetched || t - fetched.at >= ttl;
    if (stale && !inflight && t >= nextAttemptAt) inflight = refresh(url);
    if (!fetched) return answer(bundled, 'bundled');
    return answer(fetched.versions, t - fetched.at < ttl ? 'live' : 'cache');
  }

  const source: ReleaseSource = {
    list() {
      return Promise.resolve(o.url ? current(o.url) : answer(bundled, 'bundled'));
    },
    async latestStable() {
      return (await source.list()).default;
    },
    async isKnown(version) {
      return (await source.list()).versions.includes(version);
    },
    refreshing: () => inflight,
  };
  return source;
}
