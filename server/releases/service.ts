import { z } from 'zod';
import type { ReleasesResponse } from '../../shared/api/deployments';
import { defaultVersion, releaseVersions, stableVersions, type RawRelease } from '../../shared/deployments/releases';
import { bundledReleases } from './bundled';

const releaseList = z.array(z.object({ tag_name: z.string(), draft: z.boolean().optional(), prerelease: z.boolean().optional() }).loose());

export interface ReleaseSource {
  list(): Promise<ReleasesResponse>;
  /** the newest stable tag: the default for new deployments and the `latest_version` pings get */
  latestStable(): Promise<string | null>;
  isKnown(version: string): Promise<boolean>;
}

/**
 * The code host's public release list, cached for `ttlMs`; when it cannot be reached the last
 * good answer is served, and before any, the bundled list. `url` undefined means bundled only.
 */
export function createReleaseSource(o: { url: string | undefined; ttlMs?: number; timeoutMs?: number; fetchImpl?: typeof fetch; now?: () => number }): ReleaseSource {
  const ttl = o.ttlMs ?? 10 * 60_000;
  const now = o.now ?? Date.now;
  let cached: { versions: string[]; at: number } | undefined;
  let inflight: Promise<ReleasesResponse> | undefined;

  const answer = (versions: string[], source: ReleasesResponse['source']): ReleasesResponse => ({
    versions,
    stable: stableVersions(versions),
    default: defaultVersion(versions) ?? null,
    source,
  });

  async function fetchLive(url: string): Promise<ReleasesResponse> {
    try {
      const res = await (o.fetchImpl ?? fetch)(url, { headers: { Accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(o.timeoutMs ?? 3000) });
      if (!res.ok) throw new Error(`release list answered ${res.status}`);
      const versions = releaseVersions(releaseList.parse(await res.json()) as RawRelease[]);
      if (versions.length === 0) throw new Error('release list was empty');
      cached = { versions, at: now() };
      return answer(versions, 'live');
    } catch {
      if (cached) {
        cached = { versions: cached.versions, at: now() }; // do not hammer an unreachable host
        return answer(cached.versions, 'cache');
      }
      return answer(releaseVersions(bundledReleases), 'bundled');
    } finally {
      inflight = undefined;
    }
  }

  const source: ReleaseSource = {
    async list() {
      if (!o.url) return answer(releaseVersions(bundledReleases), 'bundled');
      if (cached && now() - cached.at < ttl) return answer(cached.versions, 'cache');
      inflight ??= fetchLive(o.url);
      return inflight;
    },
    async latestStable() {
      return (await source.list()).default;
    },
    async isKnown(version) {
      return (await source.list()).versions.includes(version);
    },
  };
  return source;
}
