import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { json, jsonBody, noContent, routesOf } from '../../shared/api/route';
import { api } from '../../test/support/api-client';
import { errorMiddleware } from './error-middleware';
import { jsonBody as parseJson } from './json-body';
import { createLogger, requestLogging } from './logging';
import { registrar } from './register';
import { personalAccount, type AppState } from './types';
import { SignOutCheck, signedOutReason } from '../auth/sign-out-check';

/** A small domain of its own, registered the way every domain's routes.ts does. */
const widget = z.object({ id: z.uuid('Unknown widget') }).describe('widget id');
const route = routesOf('test');
const c = {
  rename: route('user', 'widgets.rename', 'PUT /api/widgets/{id}', {
    summary: 'Rename a widget',
    params: widget,
    query: z.object({ dry: z.enum(['yes', 'no']).default('no') }),
    headers: {
      'If-Match': z
        .string()
        .regex(/^v\d+$/, 'If-Match must look like v1')
        .optional(),
    },
    body: jsonBody(z.object({ name: z.string().min(1, 'Name is required') }), 'widget'),
    responses: { 201: json('Renamed', z.object({ id: z.string(), name: z.string(), dry: z.boolean(), version: z.string().nullable(), by: z.string() })) },
  }),
  remove: route('admin', 'widgets.delete', 'DELETE /api/widgets/{id}', { summary: 'Delete', params: widget, responses: { 204: noContent } }),
  count: route('user', 'widgets.count', 'GET /api/widgets', { summary: 'Count', responses: { 200: json('Count', z.object({ n: z.number() })) } }),
  folded: route('user', 'widgets.folded', 'GET /api/widgets/folded', { summary: 'Folded', responses: { 200: json('Count', z.object({ n: z.number() })) } }),
  stock: route('visitor', 'widgets.stock', 'GET /api/stock', {
    summary: 'Stock',
    responses: { 200: json('Stock', z.object({ n: z.number() })), 503: json('Closed', z.object({ error: z.string() })) },
  }),
};

describe('register: authorise → parse → act, from a contract entry', () => {
  let server: http.Server;
  let url: string;
  const acted: string[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(requestLogging(createLogger('silent')));
    app.use(errorMiddleware);
    const router = new Router<AppState>();
    const register = registrar(router);
    register(c.rename, ({ params, query, headers, body, user }) => {
      acted.push('rename');
      return { id: params.id, name: body.name, dry: query.dry === 'yes', version: headers['If-Match'] ?? null, by: user.email };
    });
    register(c.remove, () => {
      acted.push('remove');
    });
    register(c.count, () => {
      acted.push('count');
      return { n: 1 };
    });
    // A read that folds the check in when its statement can (here: when asked to), else leaves it.
    register(
      c.folded,
      (_, ctx) => {
        acted.push('folded');
        if (ctx.get('X-Fold')) ctx.state.signOut?.settleWith(ctx.get('X-Fold') === 'signed-out');
        return { n: 2 };
      },
      { foldsSignOutCheck: true },
    );
    let open = true;
    register(c.stock, (_, ctx) => {
      open = !open;
      if (open) return { n: 3 };
      ctx.status = 503;
      return { error: 'Closed' };
    });
    const api = new Router<AppState>({ prefix: '/api' });
    api.use(parseJson());
    // The caller, as the authenticate middleware would set it from a bearer token.
    api.use(async (ctx, next) => {
      const who = ctx.get('X-Test-User');
      if (who) ctx.state.user = { id: who, email: `${who}@example.test`, isAdmin: who === 'admin', via: 'token', account: personalAccount({ id: who, email: `${who}@example.test` }) };
      // whether the token's session signed out, asked the way the authenticate middleware leaves it
      const session = ctx.get('X-Test-Session');
      if (session) ctx.state.signOut = new SignOutCheck(session, new Date(), async () => (asked.push(session), session === 'ended'), true);
      await next();
    });
    api.use(router.routes(), router.allowedMethods());
    app.use(api.routes()).use(api.allowedMethods());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const id = '00000000-0000-4000-8000-000000000001';
  const as = (who: string) => ({ 'X-Test-User': who });

  it('registers the entry under its name, method and path, answering with its success status and typed input', async () => {
    const res = await api({ url }, `/api/widgets/${id}?dry=yes`, { method: 'PUT', headers: { ...as('ann'), 'If-Match': 'v7' }, body: { name: 'Gear' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id, name: 'Gear', dry: true, version: 'v7', by: 'ann@example.test' });
    expect((await api({ url }, `/api/widgets/${id}`, { method: 'DELETE', headers: as('admin') })).status).toBe(204);
  });

  it('authorises before it parses: a visitor with a bad body is a 401, a user on an admin route a 403, and nothing acts', async () => {
    acted.length = 0;
    expect((await api({ url }, '/api/widgets/nope', { method: 'PUT', body: { name: '' } })).status).toBe(401);
    expect((await api({ url }, `/api/widgets/${id}`, { method: 'DELETE', headers: as('ann') })).status).toBe(403);
    expect(acted).toEqual([]);
  });

  it.each([
    ['params', '/api/widgets/nope', {}, { name: 'Gear' }, 'Invalid widget id', 'id'],
    ['query', `/api/widgets/${id}?dry=maybe`, {}, { name: 'Gear' }, 'Invalid query', 'dry'],
    ['body', `/api/widgets/${id}`, {}, { name: '' }, 'Invalid widget', 'name'],
    ['header', `/api/widgets/${id}`, { 'If-Match': 'seven' }, { name: 'Gear' }, 'Invalid If-Match header', ''],
    ['text rule', `/api/widgets/${id}`, {}, { name: 'Ge\u0000ar' }, 'Invalid widget', 'name'],
  ])('answers bad %s with 400 {error: "Invalid <what>", details} and does not act', async (_part, path, headers, body, error, field) => {
    acted.length = 0;
    const res = await api({ url }, path, { method: 'PUT', headers: { ...as('ann'), ...headers }, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error, details: [expect.objectContaining({ path: field })] });
    expect(acted).toEqual([]);
  });

  it('lets the handler answer another declared status', async () => {
    const answers = [await api({ url }, '/api/stock'), await api({ url }, '/api/stock')];
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [503, { error: 'Closed' }],
      [200, { n: 3 }],
    ]);
  });

  it('refuses a signed-out session before anything else, even on a route the user may not call, and nothing acts', async () => {
    acted.length = 0;
    for (const [method, path, who] of [
      ['GET', '/api/widgets', 'ann'],
      ['DELETE', `/api/widgets/${id}`, 'ann'],
      ['PUT', '/api/widgets/nope', 'ann'],
    ] as const) {
      expect(await api({ url }, path, { method, headers: { ...as(who), 'X-Test-Session': 'ended' }, ...(method === 'PUT' ? { body: { name: '' } } : {}) }), path).toMatchObject({
        status: 401,
        body: { error: signedOutReason },
      });
    }
    expect(acted).toEqual([]);
    expect(await api({ url }, '/api/widgets', { headers: { ...as('ann'), 'X-Test-Session': 'live' } })).toMatchObject({ status: 200, body: { n: 1 } });
  });

  it('asks once per request; a read that folds the check in asks nothing more, and one that did not fold it is checked before its answer leaves', async () => {
    asked.length = 0;
    const folded = (session: string, fold?: string) => api({ url }, '/api/widgets/folded', { headers: { ...as('ann'), 'X-Test-Session': session, ...(fold ? { 'X-Fold': fold } : {}) } });
    expect(await folded('live', 'signed-in')).toMatchObject({ status: 200, body: { n: 2 } });
    expect(await folded('ended', 'signed-out')).toMatchObject({ status: 401, body: { error: signedOutReason } });
    expect(asked).toEqual([]);
    expect(await folded('ended')).toMatchObject({ status: 401, body: { error: signedOutReason } });
    expect(await folded('live')).toMatchObject({ status: 200, body: { n: 2 } });
    await api({ url }, '/api/widgets', { headers: { ...as('ann'), 'X-Test-Session': 'live' } });
    expect(asked).toEqual(['ended', 'live', 'live']);
  });

  it('lets only a GET fold the sign-out check into its read', () => {
    expect(() => registrar(new Router<AppState>())(c.remove, () => undefined, { foldsSignOutCheck: true })).toThrow('widgets.delete: only a GET may fold the sign-out check into its read');
  });

  it('refuses an entry that is not under the router mount', () => {
    expect(() => registrar(new Router<AppState>(), '/other')(c.stock, () => ({ n: 1 }))).toThrow('/api/stock is not under /other');
  });
});
