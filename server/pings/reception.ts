import type { PingBody } from '../../shared/api/pings';
import type { Clock } from '../clock';
import { memoryRateLimit } from '../http/rate-limit';
import type { ReleaseSource } from '../releases/service';
import type { PingIngest } from './ingest';

export interface PingReceptionOptions {
  clock: Clock;
  ingest: PingIngest;
  releases: ReleaseSource;
  /** pings an address may send a minute */
  perMinute?: number;
  pingsIngested?: { inc(): void };
  /** the over-limit alert check, run after a batch that held a licence with a users limit */
  afterPings?: () => void;
}

/**
 * What receiving a ping means, whichever way it arrived (the ping lane, server/pings/lane.ts, or
 * the Koa route for every other shape of the request): the per-address limit, the group-commit
 * write and the answer, and the version every refusal carries.
 */
export function createPingReception(o: PingReceptionOptions) {
  const limit = memoryRateLimit({ bucket: 'pings', limit: o.perMinute ?? 60, windowMs: 60_000, message: 'Too many pings from this address' }, o.clock);
  return {
    /** counts a ping from `senderIp`; throws the 429 once the address is over its limit */
    admit: limit,
    async receive(body: PingBody, senderIp: string): Promise<{ latest_version: string }> {
      const { limitedLicence } = await o.ingest.ingest({ body, senderIp, at: o.clock.now() });
      o.pingsIngested?.inc();
      // Only a licence with a users limit can start or clear an over-limit alert: other pings cost no check.
      if (limitedLicence) o.afterPings?.();
      // Installations show this as the available update: never a pre-release.
      return { latest_version: (await o.releases.latestStable()) ?? body.version };
    },
    /** The platform's ping sender reads `latest_version` from whatever JSON comes back, errors included. */
    async refusalFields(): Promise<{ latest_version: string }> {
      return { latest_version: (await o.releases.latestStable().catch(() => undefined)) ?? '' };
    },
  };
}
export type PingReception = ReturnType<typeof createPingReception>;
