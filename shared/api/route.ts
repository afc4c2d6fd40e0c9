import type { z } from 'zod';

/**
 * Who may call a route: `user` and `admin` take a bearer (OIDC access token or personal API key);
 * `ci-secret` the X-CI-Secret header; `stripe-signature` a signed webhook; `sign-in-session` the
 * embedded provider's interaction cookie; `visitor` anyone.
 */
export type AuthKind = 'visitor' | 'user' | 'admin' | 'ci-secret' | 'stripe-signature' | 'sign-in-session';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface BodySpec {
  type: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  schema: z.ZodType;
  /** multipart file fields, with their media type */
  files?: Record<string, string>;
  /** how a 400 names the body: `Invalid <what>` (default `request`) */
  what?: string;
}

/** A JSON answer (validated against `schema`, zod output), a non-JSON one (`contentType`: a file, a page, a script) or none. */
export type ResponseSpec = { description: string; schema?: z.ZodType; contentType?: undefined } | { description: string; contentType: string; schema?: undefined };

/**
 * One route of the API, the only place it is described: the server registers it
 * (server/http/register.ts), the renderer calls it (renderer/api/call.ts), tests call it
 * (test/support/typed-client.ts) and the OpenAPI document is generated from it.
 */
export interface ApiRoute {
  /** the name the route is registered with (and the OpenAPI operationId) */
  name: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/deployments/{id}` */
  path: string;
  summary: string;
  tag: string;
  auth: AuthKind;
  /** path parameters; a 400 names them by the schema's `.describe()` (default `request`) */
  params?: z.ZodType;
  /** a 400 names the query by the schema's `.describe()` (default `query`) */
  query?: z.ZodType;
  /** request headers the route reads besides credentials (names as sent) */
  headers?: Record<string, z.ZodType>;
  body?: BodySpec;
  /** answers by status; the lowest status below 400 is the success the server answers */
  responses: Readonly<Record<number, ResponseSpec>>;
  /** routes answered with 429 and Retry-After beyond a per-address limit */
  rateLimited?: boolean;
  /** registered only with this payment gateway */
  gateway?: 'local' | 'stripe';
  /** not a Koa route: the terminal bridge answers the upgrade */
  websocket?: boolean;
}

type MethodOf<S> = S extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<S> = S extends `${HttpMethod} ${infer P}` ? P : never;
/** What an entry says besides who may call it, its name, method and path. */
export type RouteDetails = Omit<ApiRoute, 'name' | 'method' | 'path' | 'tag' | 'auth'>;

/**
 * A domain's route declarer: `route('user', 'deployments.get', 'GET /api/deployments/{id}', {summary, params, responses})`.
 * Routes are grouped in the OpenAPI document under the domain's tag, admin routes under `admin`.
 * `const` keeps the exact zod types of each entry for the server, the renderer and tests.
 */
export function routesOf(tag: string) {
  return <const A extends AuthKind, const S extends `${HttpMethod} /${string}`, const D extends RouteDetails>(auth: A, name: string, methodAndPath: S, details: D) => {
    const [method, path] = methodAndPath.split(' ') as [MethodOf<S>, PathOf<S>];
    return { ...details, name, method, path, auth, tag: auth === 'admin' ? 'admin' : tag };
  };
}

export const json = <const S extends z.ZodType>(description: string, schema: S) => ({ description, schema });
export const file = <const T extends string>(description: string, contentType: T) => ({ description, contentType });
export const jsonBody = <const S extends z.ZodType>(schema: S, what?: string) => ({ type: 'application/json' as const, schema, ...(what ? { what } : {}) });
export const noContent = { description: 'Done; no body' } as const;
export const redirect = { description: 'Redirect back to the app' } as const;

/** The success answer: the lowest status below 400. */
export function successOf(entry: ApiRoute): ResponseSpec & { status: number } {
  const status = Math.min(
    ...Object.keys(entry.responses)
      .map(Number)
      .filter((s) => s < 400),
  );
  const spec = entry.responses[status];
  if (!spec) throw new Error(`${entry.name}: no success response`);
  return { ...spec, status };
}

/** Names of the path template's parameters, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}

/** `/api/deployments/{id}` with `{id: 'x y'}` → `/api/deployments/x%20y` */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The entry's path with its params filled in and its query appended (undefined values left out). */
export function urlOf(entry: ApiRoute, input: { params?: unknown; query?: unknown } = {}): string {
  const path = fillPath(entry.path, input.params as Record<string, unknown> | undefined);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

type Schema<S> = S extends z.ZodType ? S : never;
type SuccessStatus = 101 | 200 | 201 | 204 | 302 | 303;
type SuccessSpec<E extends ApiRoute> = E['responses'][keyof E['responses'] & SuccessStatus];
type HeaderInput<H> = { [K in keyof H]?: z.input<Schema<H[K]>> };
type HeaderOutput<H> = { [K in keyof H]: z.output<Schema<H[K]>> };

/** What a caller sends: path params, query, headers and body, as zod inputs (omitted when the route takes none). */
export type RouteInput<E extends ApiRoute> = (E extends { params: infer P } ? { params: z.input<Schema<P>> } : { params?: undefined }) &
  (E extends { query: infer Q } ? { query?: z.input<Schema<Q>> } : { query?: undefined }) &
  (E extends { headers: infer H } ? { headers?: HeaderInput<H> } : { headers?: undefined }) &
  (E extends { body: { schema: infer B } } ? { body: z.input<Schema<B>> } : { body?: undefined });

/** What a handler receives after the parse step: each part as its schema's output. */
export interface ParsedInput<E extends ApiRoute> {
  params: E extends { params: infer P } ? z.output<Schema<P>> : undefined;
  query: E extends { query: infer Q } ? z.output<Schema<Q>> : undefined;
  headers: E extends { headers: infer H } ? HeaderOutput<H> : undefined;
  body: E extends { body: { schema: infer B } } ? z.output<Schema<B>> : undefined;
}

/** The success answer as a client reads it (the schema's output); undefined when it has no JSON body. */
export type RouteResult<E extends ApiRoute> = SuccessSpec<E> extends { schema: infer S } ? z.output<Schema<S>> : undefined;

/** What a server handler may answer with: any declared JSON answer on the wire (zod input), file contents, or nothing. */
export type RouteReply<E extends ApiRoute> = {
  [K in keyof E['responses']]: E['responses'][K] extends { schema: infer S }
    ? z.input<Schema<S>>
    : E['responses'][K] extends { contentType: string }
      ? string | Uint8Array | AsyncIterable<unknown>
      : undefined | void;
}[keyof E['responses']];
