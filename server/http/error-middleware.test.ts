import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Conflict, LimitReached, NotFound, PaymentRequired, Unavailable } from '../domain-errors';
import { errorMiddleware } from './error-middleware';
import { HttpError, unauthorized } from './errors';
import { createLogger, redactUrl, requestLogging } from './logging';
import type { AppState } from './types';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('errorMiddleware', () => {
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(requestLogging(createLogger('silent')));
    app.use(errorMiddleware);
    app.use(async (ctx, next) => {
      switch (ctx.path) {
        case '/api/bad-request':
          throw new HttpError(400, 'Name is taken', [{ path: 'name', message: 'already used' }]);
        case '/api/unavailable':
          throw new HttpError(503, 'pool exhausted: 10/10 connections to db-internal:5432');
        case '/api/teapot-500':
          throw new HttpError(500, 'secret internal detail');
        case '/api/zod':
          z.object({ name: z.string() }).parse({ name: 42 });
          return;
        case '/api/crash':
          throw new Error('boom at /srv/launchpad/secret.ts');
        case '/api/too-large':
          ctx.throw(413);
          return;
        case '/api/koa-500':
          ctx.throw(500, 'database password is hunter2');
          return;
        case '/api/unauthorized':
          throw unauthorized();
        case '/api/domain-not-found':
          throw new NotFound('Deployment not found');
        case '/api/domain-conflict':
          throw new Conflict('This license is already revoked', { id: 'x' });
        case '/api/domain-payment':
          throw new PaymentRequired('Insufficient balance');
        case '/api/domain-subclass':
          throw new (class InsufficientFunds extends PaymentRequired {})('Insufficient balance: $1.00 available');
        case '/api/domain-limit':
          throw new LimitReached('Machine limit reached', { limit: 2 });
        case '/api/domain-busy':
          throw new Unavailable('queue of 10000 pings full on worker 3');
        case '/api/ok':
          ctx.body = { ok: true };
          return;
        default:
          await next();
      }
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    const text = await res.text();
    return { status: res.status, text, json: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
  }

  it.each([
    { path: '/api/bad-request', status: 400, body: { error: 'Name is taken', details: [{ path: 'name', message: 'already used' }] } },
    { path: '/api/unavailable', status: 503, body: { error: 'Service unavailable', details: null } },
    { path: '/api/teapot-500', status: 500, body: { error: 'Internal server error', details: null } },
    { path: '/api/zod', status: 400, body: { error: 'Invalid request', details: [{ path: 'name', message: expect.any(String) }] } },
    { path: '/api/crash', status: 500, body: { error: 'Internal server error', details: null } },
    { path: '/api/koa-500', status: 500, body: { error: 'Internal server error', details: null } },
    { path: '/api/too-large', status: 413, body: { error: 'Payload Too Large', details: null } },
    { path: '/api/unauthorized', status: 401, body: { error: 'Sign-in required', details: null } },
    { path: '/api/domain-not-found', status: 404, body: { error: 'Deployment not found', details: null } },
    { path: '/api/domain-conflict', status: 409, body: { error: 'This license is already revoked', details: { id: 'x' } } },
    { path: '/api/domain-payment', status: 402, body: { error: 'Insufficient balance', details: null } },
    { path: '/api/domain-subclass', status: 402, body: { error: 'Insufficient balance: $1.00 available', details: null } },
    { path: '/api/domain-limit', status: 429, body: { error: 'Machine limit reached', details: { limit: 2 } } },
    { path: '/api/domain-busy', status: 503, body: { error: 'Service unavailable', details: null } },
    { path: '/api/does-not-exist', status: 404, body: { error: 'No API route for GET /api/does-not-exist', details: null } },
  ])('answers $path with $status and a JSON error body', async ({ path, status, body }) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual(body);
  });

  it('never leaks a stack trace or the internal message of a 5xx', async () => {
    for (const path of ['/api/crash', '/api/unavailable', '/api/koa-500', '/api/teapot-500']) {
      const { text } = await get(path);
      expect(text).not.toMatch(/at .*\.ts|stack|boom|hunter2|db-internal|secret/);
    }
  });

  it('asks for a bearer token on 401', async () => {
    const res = await get('/api/unauthorized');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('leaves successful and non-API answers alone', async () => {
    expect((await get('/api/ok')).json).toEqual({ ok: true });
    const page = await get('/some/page');
    expect(page.status).toBe(404);
    expect(page.json).toBeUndefined();
  });

  it('gives every response a request id', async () => {
    const ok = await get('/api/ok');
    const failed = await get('/api/crash');
    expect(ok.headers.get('x-request-id')).toMatch(uuidPattern);
    expect(failed.headers.get('x-request-id')).toMatch(uuidPattern);
    expect(failed.headers.get('x-request-id')).not.toBe(ok.headers.get('x-request-id'));
  });

  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    expect((await get('/api/ok', { 'X-Request-Id': 'trace-123.abc_X' })).headers.get('x-request-id')).toBe('trace-123.abc_X');
    const replaced = (await get('/api/ok', { 'X-Request-Id': 'bad id <script>' })).headers.get('x-request-id');
    expect(replaced).toMatch(uuidPattern);
    expect((await get('/api/ok', { 'X-Request-Id': 'x'.repeat(65) })).headers.get('x-request-id')).toMatch(uuidPattern);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/auth/callback?code=abc123&state=xyz', '/auth/callback?code=[redacted]&state=xyz'],
    ['/api/terminal?token=secret-token&cols=80', '/api/terminal?token=[redacted]&cols=80'],
    ['/cb?access_token=eyJ.a.b&refresh_token=r&id_token_hint=h', '/cb?access_token=[redacted]&refresh_token=[redacted]&id_token_hint=[redacted]'],
    ['/login?Password=hunter2&email=a%40b.co', '/login?Password=[redacted]&email=a%40b.co'],
    ['/api/deployments?page=2&sort=name', '/api/deployments?page=2&sort=name'],
    ['/api/deployments', '/api/deployments'],
    ['/checkout/cs_1?grant=one-time-secret', '/checkout/cs_1?grant=[redacted]'],
    [
      '/x?api_key=k&apikey=k&x-api-key=k&key=k&client_assertion_token=t&my_secret=s&signature=s&sort_key=name',
      '/x?api_key=[redacted]&apikey=[redacted]&x-api-key=[redacted]&key=[redacted]&client_assertion_token=[redacted]&my_secret=[redacted]&signature=[redacted]&sort_key=[redacted]',
    ],
    ['/x?keyboard=1&monkey=2&q=deploy', '/x?keyboard=1&monkey=2&q=deploy'],
    // an invitation's token is the secret its e-mail carries: in the API's paths and the page's
    ['/api/invitations/inv_s3cr3t', '/api/invitations/[redacted]'],
    ['/api/invitations/inv_s3cr3t/accept', '/api/invitations/[redacted]/accept'],
    ['/api/invitations/inv_s3cr3t/accept?code=c&page=1', '/api/invitations/[redacted]/accept?code=[redacted]&page=1'],
    ['/api/invitations/inv_s3cr3t/unknown', '/api/invitations/[redacted]/unknown'],
    ['/invitations/inv_s3cr3t', '/invitations/[redacted]'],
    ['/invitations/inv_s3cr3t/', '/invitations/[redacted]/'],
    ['/invitations/inv_s3cr3t?state=xyz', '/invitations/[redacted]?state=xyz'],
    ['/api/teams/t1/invitations/inv_1', '/api/teams/t1/invitations/inv_1'],
    ['/teams/id/t1', '/teams/id/t1'],
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it('redacts every occurrence of a repeated secret parameter', () => {
    const out = redactUrl('/x?code=one&code=two&keep=1');
    expect(out).not.toContain('one');
    expect(out).not.toContain('two');
    expect(out).toContain('keep=1');
  });
});
