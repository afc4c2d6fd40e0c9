import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { versionWireField, type Brand } from '../../shared/brand';
import type { Db } from '../db/client';
import { keptReads } from '../db/kept-reads';
import { deploymentCosts, deployments } from '../db/schema';
import { visible } from './queries';
import { readSignedIn, signedOutColumn, type SignOutCheck } from '../auth/sign-out-check';
import { preparedPerDb } from '../db/prepared';

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

/** The wire's fields in the wire's order, each named by its key: a row of the list's inner select. */
function wireColumns(secrets: boolean, versionField: string): SQL {
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
    ['cost_cents', sql`coalesce(${deploymentCosts.costCents}, 0)`],
    ['timeout_mins', sql`${d.timeoutMins}`],
    ['expires_at', iso(sql`${d.createdAt} + ${d.timeoutMins} * interval '1 minute'`)],
    ['error_message', sql`${d.errorMessage}`],
    ['unpaid_terminates_at', iso(sql`${d.unpaidSince} + ${sql.placeholder('graceMs')}::bigint * interval '1 millisecond'`)],
    ['ssh_public_key', sql`${d.sshPublicKey}`],
    ...(secrets ? [['ssh_private_key', sql`${d.sshPrivateKey}`] as [string, SQL]] : []),
    ['created_at', iso(sql`${d.createdAt}`)],
    ['updated_at', iso(sql`${d.updatedAt}`)],
    [versionField, sql`${d.version}`],
  ];
  return sql.join(
    fields.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

interface ListVariant {
  /** the brand's version field (`helix_version`), a column name of the statement */
  versionField: string;
  keys: boolean;
  /** with the request's sign-out check as a second column */
  signedIn: boolean;
}

/**
 * The list's statement: the account's rows, newest first, as one JSON array (an aggregate answers
 * one row, even for no deployments). Each row is turned into JSON whole (row_to_json of the inner
 * select, cheaper than building every object field by field) and json_agg takes the rows in the
 * inner select's order: PostgreSQL feeds a plain aggregate its input in order, and an ORDER BY
 * inside the aggregate would sort them a second time.
 */
const listStatement = preparedPerDb((db, v: ListVariant) => {
  const rows = sql`(select ${wireColumns(v.keys, v.versionField)} from ${deployments} left join ${deploymentCosts} on ${deploymentCosts.deploymentId} = ${deployments.id} where ${and(eq(deployments.userId, sql.placeholder('accountId')), visible())} order by ${desc(deployments.createdAt)}) as listed`;
  return db
    .select({ json: sql<string>`coalesce(json_agg(listed), '[]')::text`, signedOut: v.signedIn ? signedOutColumn : sql<boolean>`false` })
    .from(rows)
    .prepare(`list_deployments_json_${v.versionField}${v.keys ? '_with_keys' : ''}${v.signedIn ? '_signed_in' : ''}`);
});
const keptAnswers = keptReads<string>(10_000);

/**
 * The account's visible deployments, newest first, each with its cost so far: the list's JSON
 * answer. `signOut`: the request's sign-out check, asked in the same statement where it costs a
 * query; elsewhere (PGlite) the answer is kept until the next change.
 */
export async function listDeploymentsJson(db: Db, accountId: string, o: ListJsonOptions, signOut?: SignOutCheck): Promise<string> {
  const params = { accountId, graceMs: o.unpaidGraceMs };
  const variant = { versionField: versionWireField(o.brand), keys: o.secrets };
  const row = await readSignedIn(signOut, async (fold) => {
    if (fold) return (await listStatement(db, { ...variant, signedIn: true }).execute({ ...params, ...fold }))[0];
    const json = await keptAnswers.read(
      db,
      `${accountId} ${o.secrets} ${o.unpaidGraceMs} ${o.brand.id}`,
      async () => (await listStatement(db, { ...variant, signedIn: false }).execute(params))[0]?.json ?? '[]',
    );
    return { json, signedOut: false };
  });
  return row?.json ?? '[]';
}
