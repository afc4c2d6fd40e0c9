import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailLookup } from './userinfo';

/** A real issuer stand-in: discovery plus a userinfo endpoint whose answers the tests choose. */
let server: http.Server;
let issuer: string;
let answer: { status: number; body: unknown };
let withUserinfo = true;
const seen: { authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs`, ...(withUserinfo ? { userinfo_endpoint: `${issuer}/userinfo` } : {}) }));
    } else if (req.url === '/userinfo') {
      seen.push({ authorization: req.headers.authorization });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  withUserinfo = true;
  answer = { status: 200, body: { sub: 'user-1', email: 'Ada@Example.com' } };
});

describe('the email from the issuer’s userinfo endpoint', () => {
  it('asks with the caller’s access token, once per user while the answer is fresh', async () => {
    let now = 0;
    const lookup = createEmailLookup({ issuer, now: () => now, ttlMs: 1000 });
    const answers = await Promise.all([lookup.emailOf('user-1', 'token-a'), lookup.emailOf('user-1', 'token-a'), lookup.emailOf('user-1', 'token-b')]);
    expect(answers).toEqual(['ada@example.com', 'ada@example.com', 'ada@example.com']);
    expect(seen).toEqual([{ authorization: 'Bearer token-a' }]);
    now = 1001;
    expect(await lookup.emailOf('user-1', 'token-c')).toBe('ada@example.com');
    expect(seen).toHaveLength(2);
  });

  it.each([
    ['a user name instead of an email', { sub: 'user-1', email: 'ada' }],
    ['no email at all', { sub: 'user-1' }],
    ['an answer about another subject', { sub: 'user-2', email: 'eve@example.com' }],
    ['a body that is no userinfo answer', ['x']],
  ])('gives no email for %s', async (_what, body) => {
    answer = { status: 200, body };
    expect(await createEmailLookup({ issuer }).emailOf('user-1', 't')).toBeUndefined();
  });

  it('remembers a failure for a while, then asks again', async () => {
    let now = 0;
    const lookup = createEmailLookup({ issuer, now: () => now, failureTtlMs: 500 });
    answer = { status: 401, body: { error: 'invalid_token' } };
    expect(await lookup.emailOf('user-1', 't')).toBeUndefined();
    expect(await lookup.emailOf('user-1', 't')).toBeUndefined();
    expect(seen).toHaveLength(1);
    answer = { status: 200, body: { sub: 'user-1', email: 'ada@example.com' } };
    now = 501;
    expect(await lookup.emailOf('user-1', 't')).toBe('ada@example.com');
    expect(seen).toHaveLength(2);
  });

  it('gives no email when the issuer has no userinfo endpoint or cannot be reached', async () => {
    withUserinfo = false;
    expect(await createEmailLookup({ issuer }).emailOf('user-1', 't')).toBeUndefined();
    expect(await createEmailLookup({ issuer: 'http://127.0.0.1:9' }).emailOf('user-1', 't')).toBeUndefined();
    expect(seen).toHaveLength(0);
  });
});
