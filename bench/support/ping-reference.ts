/**
 * The ping ingest reference: node:http, JSON.parse, one upsert per ping through a pg pool, answered
 * after the upsert. The simplest program that stores each ping durably before answering.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Listening } from './api-reference';

export function startPingReference(databaseUrl: string): Promise<Listening> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const p = JSON.parse(raw) as { version: string; apps_count: number; users_count: number; deployment_id: string };
        await pool.query(
          `insert into ping_reference (deployment_id, ip_address, version, apps_count, users_count, last_ping, ping_count)
           values ($1, $2, $3, $4, $5, now(), 1)
           on conflict (deployment_id) do update set ip_address = excluded.ip_address, version = excluded.version, apps_count = excluded.apps_count,
             users_count = excluded.users_count, last_ping = excluded.last_ping, ping_count = ping_reference.ping_count + 1`,
          [p.deployment_id, req.socket.remoteAddress, p.version, p.apps_count, p.users_count],
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"latest_version":"2.12.2"}');
      })().catch(() => {
        res.writeHead(500);
        res.end();
      });
    });
  });
  return new Promise((resolve) => {
    void pool
      .query(
        `create table if not exists ping_reference (deployment_id text primary key, ip_address text not null, version text not null,
          apps_count int not null, users_count int not null, last_ping timestamptz not null, ping_count int not null)`,
      )
      .then(() =>
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          resolve({
            url: `http://127.0.0.1:${port}`,
            close: async () => {
              server.closeAllConnections();
              await new Promise<void>((done) => server.close(() => done()));
              await pool.end();
            },
          });
        }),
      );
  });
}
