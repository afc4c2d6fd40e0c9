/**
 * A reference server of bench:api in its own process, like Launchpad; prints its URL. Options as
 * JSON in argv (ReferenceChildOptions):
 *  - `bare`: node:http answering each path with the given bytes (no database);
 *  - the minimal reference otherwise: opens the database the simplest way (a pg pool, or PGlite on
 *    the data folder in this process) and starts api-reference.ts's minimal server. With `ownUser`
 *    the PGlite folder is its own and fresh: it creates the tables the reference reads (users,
 *    deployments, balances, with their indexes) holding only that one user, like a new installation.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startBare, startMinimal, type Listening, type MinimalOptions, type Query } from './api-reference';

export type ReferenceChildOptions =
  { bare: Record<string, string> } | (Omit<MinimalOptions, 'query'> & { databaseUrl?: string; dataDir: string; ownUser?: { issuer: string; subject: string; balanceCents: number } });

const ownTables = [
  'create table users (id uuid primary key default gen_random_uuid(), issuer text not null, subject text not null, email text)',
  'create unique index users_issuer_subject on users (issuer, subject)',
  "create table deployments (id uuid primary key default gen_random_uuid(), user_id uuid not null references users(id), name text not null, status text not null default 'running', created_at timestamptz not null default now())",
  'create index deployments_user_created on deployments (user_id, created_at desc)',
  'create table balances (user_id uuid primary key references users(id), balance_cents integer not null)',
];

async function open(o: Exclude<ReferenceChildOptions, { bare: Record<string, string> }>): Promise<Query> {
  if (o.databaseUrl) {
    const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 10 });
    pool.on('error', () => undefined);
    return (text, params) => pool.query(text, params);
  }
  const client = new PGlite(path.join(o.dataDir, 'pglite'));
  await client.waitReady;
  if (o.ownUser) {
    for (const statement of ownTables) await client.query(statement);
    const { rows } = await client.query<{ id: string }>('insert into users (issuer, subject) values ($1, $2) returning id', [o.ownUser.issuer, o.ownUser.subject]);
    await client.query('insert into balances (user_id, balance_cents) values ($1, $2)', [rows[0]?.id, o.ownUser.balanceCents]);
  }
  return (text, params) => client.query(text, params);
}

const o = JSON.parse(process.argv[2] ?? '{}') as ReferenceChildOptions;
const server: Listening = 'bare' in o ? await startBare(Object.fromEntries(Object.entries(o.bare).map(([p, body]) => [p, Buffer.from(body)]))) : await startMinimal({ ...o, query: await open(o) });
process.stdout.write(`reference at ${server.url}\n`);
// PGlite writes on close: stop cleanly on SIGTERM so the next owner of the folder finds it whole.
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
// The bench holds this pipe open: when it dies, this process goes too.
process.stdin.resume();
process.stdin.once('end', () => process.exit(0));
