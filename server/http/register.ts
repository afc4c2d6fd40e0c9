import type { Router, RouterContext } from '@koa/router';
import type { Middleware } from 'koa';
import { type ApiRoute, type ParsedInput, type RouteReply, successOf } from '../../shared/api/route';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireAllowed } from '../auth/policy';
import type { AppState, AuthUser } from './types';
import { parse } from './validate';

export type RouteContext = RouterContext<AppState>;

/** What `act` receives: the parsed input and, behind `user` or `admin`, the caller. */
export type RouteRequest<E extends ApiRoute, B = ParsedInput<E>['body']> = Omit<ParsedInput<E>, 'body'> & { body: B; user: E['auth'] extends 'user' | 'admin' ? AuthUser : AuthUser | undefined };

/**
 * The domain's handler: typed input in, the answer's body out (its status is the entry's success
 * status unless the handler sets another declared one on ctx). `ctx` is there for headers, the
 * caller's address and file answers.
 */
export type Handler<E extends ApiRoute, B = ParsedInput<E>['body']> = (
  request: RouteRequest<E, B>,
  ctx: RouteContext,
) => RouteReply<E> | JsonText<RouteReply<E>> | Promise<RouteReply<E> | JsonText<RouteReply<E>>>;

/**
 * An answer already serialised (the database wrote it, see server/deployments/list-json.ts): sent
 * as it is, as JSON. `T` names the reply it stands for; a test holds it to that shape.
 */
export class JsonText<T> {
  declare readonly of?: T;
  constructor(readonly text: string) {}
}

type Awaitable<T> = T | Promise<T>;

export interface RegisterOptions<E extends ApiRoute, B = ParsedInput<E>['body']> {
  /** middleware run after `authorise` and before `parse`: rate limits, the CI secret */
  before?: Middleware<AppState>[];
  /** a part read the route's own way instead of with the entry's schema (a multipart upload, a form's own messages) */
  read?: { params?: (ctx: RouteContext) => Awaitable<ParsedInput<E>['params']>; body?: (ctx: RouteContext) => Awaitable<B> };
  /**
   * A GET whose answer is one read that folds the sign-out check into its statement
   * (`ctx.state.signOut`, server/auth/sign-out-check.ts): the check is not asked on its own first.
   * Whatever the handler leaves unsettled is settled before the answer leaves.
   */
  foldsSignOutCheck?: boolean;
}

/** `settle`: whether the bearer's sign-in has ended, before anything else is asked of the route (the policy's 403 is no answer to a signed-out token). */
const settleSignOut: Middleware<AppState> = async (ctx, next) => {
  await ctx.state.signOut?.settle();
  await next();
};

/** `authorise`: the bearer kinds are required here and the one policy decides the call (admin routes, a key's scopes, a member's role); the special kinds (CI secret, signatures, sessions) by the route's own middleware. */
function authorise(entry: ApiRoute): Middleware<AppState>[] {
  if (entry.auth === 'user' || entry.auth === 'admin') return [requireUser, requireAllowed({ do: 'call', route: entry })];
  return [];
}

/** `parse`: params, query, body and headers with the entry's schemas, a 400 `{error, details}` naming the part that failed. */
async function parseInput<E extends ApiRoute, B>(entry: E, ctx: RouteContext, read: RegisterOptions<E, B>['read']): Promise<Omit<ParsedInput<E>, 'body'> & { body: B }> {
  const params = read?.params ? await read.params(ctx) : entry.params ? parse(entry.params, ctx.params, entry.params.description ?? 'request') : undefined;
  const query = entry.query ? parse(entry.query, ctx.query, entry.query.description ?? 'query') : undefined;
  const body = read?.body ? await read.body(ctx) : entry.body ? parse(entry.body.schema, ctx.request.body, entry.body.what ?? 'request') : undefined;
  const headers = entry.headers ? Object.fromEntries(Object.entries(entry.headers).map(([name, schema]) => [name, parse(schema, ctx.get(name) || undefined, `${name} header`)])) : undefined;
  return { params, query, body, headers } as Omit<ParsedInput<E>, 'body'> & { body: B };
}

/** `/api/deployments/{id}` under the `/api` router → `/deployments/:id` */
function koaPath(template: string, mount: string): string {
  if (!template.startsWith(mount)) throw new Error(`${template} is not under ${mount}`);
  return template.slice(mount.length).replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Registers contract entries on a router, each through the same named steps: settle (whether the
 * bearer's sign-in has ended) → authorise (the entry's `auth`) → the route's own middleware → parse (the entry's schemas) → act (the domain's
 * handler) → answer with the entry's success status. A route can only be registered from an entry,
 * so every route the server answers has its path, auth, input and answers described once.
 */
export function registrar(router: Router<AppState>, mount = '/api') {
  return function register<const E extends ApiRoute, B = ParsedInput<E>['body']>(entry: E, act: Handler<E, B>, opts: RegisterOptions<E, B> = {}): void {
    const success = successOf(entry).status;
    if (opts.foldsSignOutCheck && entry.method !== 'GET') throw new Error(`${entry.name}: only a GET may fold the sign-out check into its read`);
    const steps: Middleware<AppState>[] = [
      ...(opts.foldsSignOutCheck ? [] : [settleSignOut]),
      ...authorise(entry),
      ...(opts.before ?? []),
      async (ctx) => {
        const context = ctx as RouteContext;
        const input = await parseInput(entry, context, opts.read);
        const user = (entry.auth === 'user' || entry.auth === 'admin' ? currentUser(ctx.state) : ctx.state.user) as RouteRequest<E, B>['user'];
        ctx.status = success;
        const reply: unknown = await act({ ...input, user }, context);
        await ctx.state.signOut?.settle();
        if (reply instanceof JsonText) {
          ctx.type = 'application/json';
          ctx.body = reply.text;
        } else if (reply !== undefined) ctx.body = reply;
      },
    ];
    const path = koaPath(entry.path, mount);
    const methods: Record<ApiRoute['method'], (name: string, path: string, ...mw: Middleware<AppState>[]) => unknown> = {
      GET: (...a) => router.get(...a),
      POST: (...a) => router.post(...a),
      PUT: (...a) => router.put(...a),
      PATCH: (...a) => router.patch(...a),
      DELETE: (...a) => router.delete(...a),
    };
    methods[entry.method](entry.name, path, ...steps);
  };
}
