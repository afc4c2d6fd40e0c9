import { sql } from 'drizzle-orm';
import type { PingBody } from '../../shared/api/pings';
import { installationRowKey } from '../../shared/pings/installation-key';
import { executeNamed } from '../db/named-statement';
import { Unavailable } from '../domain-errors';
import type { PingDeps } from './service';
import { locate } from './geo';

const known = new Set(['version', 'apps_count', 'users_count', 'deployment_id', 'edition']);

export interface ReceivedPing {
  body: PingBody;
  senderIp: string;
  at: Date;
}

/** One ping as the batch statement reads it (a row of `jsonb_to_recordset`). */
function row(ping: ReceivedPing, ord: number) {
  const ip = ping.senderIp.startsWith('::ffff:') ? ping.senderIp.slice(7) : ping.senderIp;
  const deploymentId = ping.body.deployment_id.toLowerCase();
  const geo = locate(ip);
  return {
    ord,
    key: installationRowKey(deploymentId, ip, ping.body.edition),
    deployment_id: deploymentId,
    ip,
    country: geo.country,
    country_name: geo.countryName,
    city: geo.city,
    version: ping.body.version,
    edition: ping.body.edition ?? null,
    apps_count: ping.body.apps_count,
    users_count: ping.body.users_count,
    metadata: Object.fromEntries(Object.entries(ping.body).filter(([k]) => !known.has(k))),
    at: ping.at.toISOString(),
    day: ping.at.toISOString().slice(0, 10),
  };
}

/** What a written batch means for the checks that follow pings. */
export interface IngestOutcome {
  /** some ping came from an installation whose licence limits its users (the over-limit alert has something to check) */
  limitedLicence: boolean;
}

/**
 * Records pings in one statement, whatever their number: per installation the latest ping updates
 * its row (licence and managed-deployment look-ups included) and counts every ping of the batch;
 * every ping gets its history row and its activity day. The pings travel as one JSON parameter,
 * which reads the same on PGlite and PostgreSQL, and keeps the text the same for every batch: on
 * PostgreSQL it is planned once per connection (a 25-ping batch took 1.2–1.4 ms so, 1.8–1.9 ms planned each time).
 */
export async function ingestPings(deps: Pick<PingDeps, 'db'>, pings: readonly ReceivedPing[]): Promise<IngestOutcome> {
  if (pings.length === 0) return { limitedLicence: false };
  const rows = JSON.stringify(pings.map(row));
  const [answer] = await executeNamed<{ limited_licence: boolean }>(
    deps.db,
    'ingest_pings',
    sql`
    with input as (
      select * from jsonb_to_recordset(${rows}::jsonb) as t(ord int, key text, deployment_id text, ip text, country text, country_name text, city text,
        version text, edition text, apps_count int, users_count int, metadata jsonb, at timestamptz, day text)
    ), per_key as (
      select key, count(*)::int as n, min(at) as first_at from input group by key
    ), latest as (
      select distinct on (key) * from input order by key, ord desc
    ), up as (
      insert into installations (key, deployment_id, ip_address, country, country_name, city, version, edition, apps_count, users_count, metadata,
        license_id, license_user_email, organization_name, instance_user_email, is_managed, first_seen, last_ping, ping_count)
      select l.key, l.deployment_id, l.ip, l.country, l.country_name, l.city, l.version, l.edition, l.apps_count, l.users_count, l.metadata,
        lic.id, lic.email, lic.organization_name, man.email, man.managed is not null, k.first_at, l.at, k.n
      from latest l
      join per_key k on k.key = l.key
      left join lateral (select id, email, organization_name from licenses where key_hash = l.deployment_id limit 1) lic on true
      left join lateral (
        select u.email, true as managed from deployments d join users u on u.id = d.user_id
        where d.ipv4 = l.ip and d.deleted_at is null order by d.created_at desc limit 1
      ) man on true
      order by l.key
      on conflict (key) do update set
        deployment_id = excluded.deployment_id, ip_address = excluded.ip_address, country = excluded.country, country_name = excluded.country_name,
        city = excluded.city, version = excluded.version, edition = excluded.edition, apps_count = excluded.apps_count, users_count = excluded.users_count,
        metadata = excluded.metadata, license_id = excluded.license_id, license_user_email = excluded.license_user_email,
        organization_name = excluded.organization_name, instance_user_email = excluded.instance_user_email, is_managed = excluded.is_managed,
        last_ping = excluded.last_ping, ping_count = installations.ping_count + excluded.ping_count
      returning license_id
    ), hist as (
      insert into ping_history (installation_key, at, version, apps_count, users_count)
      select key, at, version, apps_count, users_count from input order by ord
    ), days as (
      insert into installation_days (day, installation_key) select distinct day, key from input order by day, key on conflict do nothing
    )
    select exists (select 1 from up join licenses on licenses.id = up.license_id where licenses.users_limit is not null) as limited_licence`,
  );
  return { limitedLicence: answer?.limited_licence === true };
}

interface Waiting {
  ping: ReceivedPing;
  done(err: unknown, outcome?: IngestOutcome): void;
}

/**
 * Group commit for pings: a ping that arrives while a batch is being written waits for the next
 * one, and every ping is answered only once its batch has committed. An idle server writes a lone
 * ping at once (no timer, no added latency); under load each statement carries every ping that
 * arrived meanwhile. A batch the database refuses is retried ping by ping, so one bad ping cannot
 * fail the others. Beyond `maxQueued` waiting pings the sender is told to come back (503).
 */
export function createPingIngest(deps: Pick<PingDeps, 'db'>, opts: { maxBatch?: number; maxQueued?: number; inFlight?: number } = {}) {
  const maxBatch = opts.maxBatch ?? 1000;
  const maxQueued = opts.maxQueued ?? 20_000;
  // One batch in flight per instance (two measured no faster: the database is the bound). Rows are
  // written in key order, so batches of two instances take their locks in the same order.
  const maxInFlight = opts.inFlight ?? 1;
  let queue: Waiting[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const outcome = await ingestPings(
        deps,
        batch.map((w) => w.ping),
      );
      for (const w of batch) w.done(undefined, outcome);
    } catch (err) {
      if (batch.length === 1) return batch[0]?.done(err);
      for (const w of batch) await write([w]);
    }
  }

  function pump(): void {
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
    if (inFlight === 0 && queue.length === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  }

  return {
    /** Resolves once the ping is durably stored, with what its batch means for the checks after pings. */
    ingest(ping: ReceivedPing): Promise<IngestOutcome> {
      if (queue.length >= maxQueued) return Promise.reject(new Unavailable('Too many pings at once: try again in a minute'));
      return new Promise<IngestOutcome>((resolve, reject) => {
        queue.push({ ping, done: (err, outcome) => (err === undefined ? resolve(outcome ?? { limitedLicence: false }) : reject(err)) });
        pump();
      });
    },
    /** Resolves when every ping received so far is written (shutdown). */
    flushed(): Promise<void> {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
export type PingIngest = ReturnType<typeof createPingIngest>;
