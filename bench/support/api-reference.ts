/**
 * The reference servers of the API bench, with no framework:
 *  - bare: node:http answering fixed JSON bytes (the ceiling of any JSON API on this machine)
 *  - minimal: node:http that verifies the ES256 bearer token with jose on every request and
 *    answers one indexed select returning as many rows as Launchpad's answer (the goal's reference)
 *  - same-work: node:http with jose that runs the same statements as Launchpad's routes through
 *    the same driver and answers the same JSON shape (what Launchpad's own work costs bare).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { expiresAt } from '../../shared/deployments/timeouts';

/** `pg.Pool#query` and `PGlite#query` answer the same shape. */
export type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Listening {
  url: string;
  close(): Promise<void>;
}

function listen(handler: http.RequestListener): Promise<Listening> {
  const server = http.createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}

const sendJson = (res: http.ServerResponse, status: number, body: string | Buffer) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

/** Answers each known path with its bytes, whatever the request carries. */
export function startBare(bodies: Record<string, Buffer>): Promise<Listening> {
  return listen((req, res) => {
    const body = bodies[req.url ?? ''];
    if (body) sendJson(res, 200, body);
    else sendJson(res, 404, '{"error":"Not found"}');
  });
}

export interface MinimalOptions {
  query: Query;
  /** the issuer's public keys (fetched once, like any verifier would cache them) */
  jwks: JSONWebKeySet;
  issuer: string;
  /** expected `aud`; without one, the authorised party must be the client (as Launchpad checks) */
  audience: string | undefined;
  clientId: string;
  /** Launchpad's product id, which names the version field */
  productId: string;
}

/** The issuer's published key set, through its discovery document. */
export async function fetchJwks(issuer: string): Promise<JSONWebKeySet> {
  const doc = (await (await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  return (await (await fetch(doc.jwks_uri)).json()) as JSONWebKeySet;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString());

export function startSameWork(o: MinimalOptions): Promise<Listening> {
  const keys = createLocalJWKSet(o.jwks);
  const userId = async (header: string | undefined): Promise<string | undefined> => {
    const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: o.issuer, ...(o.audience ? { audience: o.audience } : {}), requiredClaims: ['sub', 'exp'] });
      if (!o.audience && payload.azp !== o.clientId) return undefined;
      const { rows } = await o.query('select id from users where issuer = $1 and subject = $2', [o.issuer, payload.sub]);
      return rows[0]?.id as string | undefined;
    } catch {
      return undefined;
    }
  };

  // The same statements Launchpad's deployments list and balance routes run (server/deployments/queries.ts, server/billing/service.ts).
  const deploymentsList = async (id: string) => {
    const { rows } = await o.query("select * from deployments where user_id = $1 and deleted_at is null and status not in ('deleting', 'deleted') order by created_at desc", [id]);
    return rows.map((d) => ({
      id: d.id,
      name: d.name,
      user_id: d.user_id,
      server_id: d.server_id,
      status: d.status,
      ipv4: d.ipv4,
      ui_url: d.ui_url,
      provider: d.provider,
      deployment_config_id: d.deployment_config_id,
      hourly_rate_cents: d.hourly_rate_cents,
      timeout_mins: d.timeout_mins,
      expires_at: expiresAt(new Date(iso(d.created_at) ?? 0), (d.timeout_mins as number | null) ?? null)?.toISOString() ?? null,
      error_message: d.error_message,
      ssh_public_key: d.ssh_public_key,
      ssh_private_key: d.ssh_private_key,
      created_at: iso(d.created_at),
      updated_at: iso(d.updated_at),
      [`${o.productId}_version`]: d.version,
    }));
  };
  const balance = async (id: string) => {
    await o.query('select id from ledger_entries where idempotency_key = $1 limit 1', [`free-credit:${id}`]);
    const { rows: b } = await o.query('select balance_cents from balances where user_id = $1', [id]);
    const { rows: burn } = await o.query(
      "select coalesce(sum(hourly_rate_cents), 0) as cents from deployments where user_id = $1 and status in ('pending', 'creating', 'installing', 'running') and deleted_at is null",
      [id],
    );
    const cents = Number(b[0]?.balance_cents ?? 0);
    const hourly = Number(burn[0]?.cents ?? 0);
    return { balance_cents: cents, hourly_burn_cents: hourly, runtime_left_minutes: hourly > 0 ? Math.floor((Math.max(cents, 0) / hourly) * 60) : null };
  };

  return listen((req, res) => {
    void (async () => {
      const id = await userId(req.headers.authorization);
      if (!id) return sendJson(res, 401, '{"error":"Unauthorized"}');
      if (req.url === '/api/deployments') return sendJson(res, 200, JSON.stringify(await deploymentsList(id)));
      if (req.url === '/api/balance') return sendJson(res, 200, JSON.stringify(await balance(id)));
      sendJson(res, 404, '{"error":"Not found"}');
    })().catch(() => sendJson(res, 500, '{"error":"Internal error"}'));
  });
}

/** jose on every request, then one indexed select: the simplest server doing an authenticated read. */
export function startMinimal(o: MinimalOptions): Promise<Listening> {
  const keys = createLocalJWKSet(o.jwks);
  const statements: Record<string, string> = {
    '/api/deployments': 'select d.* from deployments d join users u on u.id = d.user_id where u.issuer = $1 and u.subject = $2 order by d.created_at desc',
    '/api/balance': 'select b.balance_cents from balances b join users u on u.id = b.user_id where u.issuer = $1 and u.subject = $2',
  };
  return listen((req, res) => {
    void (async () => {
      const statement = statements[req.url ?? ''];
      if (!statement) return sendJson(res, 404, '{"error":"Not found"}');
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const payload = token
        ? await jwtVerify(token, keys, { issuer: o.issuer, ...(o.audience ? { audience: o.audience } : {}) }).then(
            (v) => v.payload,
            () => undefined,
          )
        : undefined;
      if (!payload) return sendJson(res, 401, '{"error":"Unauthorized"}');
      const { rows } = await o.query(statement, [o.issuer, payload.sub]);
      // a user with no balance row yet reads as a zero balance (JSON.stringify(undefined) would be no body)
      sendJson(res, 200, JSON.stringify(req.url === '/api/balance' ? (rows[0] ?? { balance_cents: 0 }) : rows));
    })().catch(() => sendJson(res, 500, '{"error":"Internal error"}'));
  });
}
