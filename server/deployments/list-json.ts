import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { versionWireField, type Brand } from '../../shared/brand';
import { costSoFar } from '../billing/spend';
import type { Db } from '../db/client';
import { keptReads } from '../db/kept-reads';
import { deployments } from '../db/schema';
import { visible } from './queries';

/**
 * `GET /api/deployments`, the hottest read of the app (every open Hosted Deployments page polls
 * it): the database writes the answer's JSON in the one statement that reads the rows, so the
 * server neither parses nor re-serialises them. It is `deploymentToWire` (./serialize.ts) for the
 * owner, written in SQL; ./list-json.integration.test.ts holds the two to the same answer for
 * every kind of row. On PGlite the answer is kept until the next change (../db/kept-reads.ts).
 */
export interface ListJsonOptions {
  brand: Brand;
  /** whether the caller's credential may use the machines' SSH private keys (see maySeeSecrets) */
  secrets: boolean;
  unpaidGraceMs: number;
}

/** ISO 8601 in UTC to the millisecond, as Date#toISOString writes it. */
const iso = (value: SQL) => sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function wireObject(secrets: boolean): SQL {
  const d = deployments;
  const fields: [string, SQL][] = [
    ['id', sql`${d.id}`],
    ['name', sql`${d.name}`],
    ['user_id', sql`${d.userId}`],
    ['server_id', sql`${d.serverId}`],
    // the machine keeps running while the installer moves it to `targetVersion`
    ['status', sql`case when coalesce(${d.targetVersion}, '') <> '' and ${d.status} = 'running' then 'updating' else ${d.status} end`],
    ['ipv4', sql`${d.ipv4}`],
    ['ui_url', sql`${d.uiUrl}`],
    ['provider', sql`${d.provider}`],
    ['deployment_config_id', sql`${d.typeId}`],
    ['hourly_rate_cents', sql`${d.hourlyRateCents}`],
    ['cost_cents', sql`(${costSoFar})::bigint`],
    ['timeout_mins', sql`${d.timeoutMins}`],
    ['expires_at', iso(sql`${d.createdAt} + ${d.timeoutMins} * interval '1 minute'`)],
    ['error_message', sql`${d.errorMessage}`],
    ['unpaid_terminates_at', iso(sql`${d.unpaidSince} + ${sql.placeholder('graceMs')}::bigint * interval '1 millisecond'`)],
    ['ssh_public_key', sql`${d.sshPublicKey}`],
    ...(secrets ? [['ssh_private_key', sql`${d.sshPrivateKey}`] as [string, SQL]] : []),
    ['created_at', iso(sql`${d.createdAt}`)],
    ['updated_at', iso(sql`${d.updatedAt}`)],
  ];
  const pairs = fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  pairs.push(sql`${sql.placeholder('versionKey')}::text, ${d.version}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

function prepare(db: Db, secrets: boolean) {
  return db
    .select({ json: sql<string>`coalesce(json_agg(${wireObject(secrets)} order by ${desc(deployments.createdAt)}), '[]')::text` })
    .from(deployments)
    .where(and(eq(deployments.userId, sql.placeholder('accountId')), visible()))
    .prepare(secrets ? 'list_deployments_json_with_keys' : 'list_deployments_json');
}

const statements = new WeakMap<Db, Map<boolean, ReturnType<typeof prepare>>>();
const keptAnswers = keptReads<string>(10_000);

/** The account's visible deployments, newest first, each with its cost so far: the list's JSON answer. */
export function listDeploymentsJson(db: Db, accountId: string, o: ListJsonOptions): Promise<string> {
  let byDb = statements.get(db);
  if (!byDb) statements.set(db, (byDb = new Map()));
  let statement = byDb.get(o.secrets);
  if (!statement) byDb.set(o.secrets, (statement = prepare(db, o.secrets)));
  const prepared = statement;
  return keptAnswers.read(db, `${accountId} ${o.secrets} ${o.unpaidGraceMs} ${o.brand.id}`, async () => {
    const [row] = await prepared.execute({ accountId, graceMs: o.unpaidGraceMs, versionKey: versionWireField(o.brand) });
    return row?.json ?? '[]';
  });
}
