import { z } from 'zod';
import { apiErrorBody, type ApiErrorBody } from '../../shared/api/errors';
import { type ApiRoute, fillPath, type RouteInput, type RouteResult, successOf } from '../../shared/api/route';
import { api, type ApiResponse } from './api-client';

export interface CallOptions {
  /** sent as `Authorization: Bearer <token>` */
  token?: string;
  /** the status expected instead of the entry's success status (e.g. 200 for a repeated upload) */
  status?: number;
}

function urlOf(entry: ApiRoute, input: { params?: unknown; query?: unknown }): string {
  const path = fillPath(entry.path, input.params as Record<string, unknown> | undefined);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Sends one route of the contract and answers what came back, whatever the status (for error cases). */
export function send<const E extends ApiRoute>(server: { url: string }, entry: E, input: RouteInput<E>, opts: Pick<CallOptions, 'token'> = {}): Promise<ApiResponse> {
  const i = input as { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, unknown> };
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(i.headers ?? {})) if (v !== undefined) headers[k] = String(v);
  return api(server, urlOf(entry, i), { method: entry.method, token: opts.token, body: i.body, headers });
}

/**
 * Calls one route of the contract and answers its success body parsed with the entry's schema
 * (the zod output, as the renderer reads it); another status, or a body off the contract, fails
 * the test with what came back.
 */
export async function call<const E extends ApiRoute>(server: { url: string }, entry: E, input: RouteInput<E>, opts: CallOptions = {}): Promise<RouteResult<E>> {
  const res = await send(server, entry, input, opts);
  const ok = successOf(entry);
  const expected = opts.status ?? ok.status;
  if (res.status !== expected) throw new Error(`${entry.name}: expected ${expected}, got ${res.status}: ${JSON.stringify(res.body)}`);
  const schema = entry.responses[expected]?.schema ?? ok.schema;
  if (!schema) return undefined as RouteResult<E>;
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) throw new Error(`${entry.name}: a ${res.status} off the contract: ${parsed.error.message}`);
  return parsed.data as RouteResult<E>;
}

/** The `{error, details}` body of an error answer, parsed; a success, or a body of another shape, fails the test. */
export function errorOf(res: { status: number; body: unknown }): ApiErrorBody {
  if (res.status < 400) throw new Error(`expected an error, got ${res.status}: ${JSON.stringify(res.body)}`);
  const parsed = apiErrorBody.safeParse(res.body);
  if (!parsed.success) throw new Error(`a ${res.status} without {error, details}: ${JSON.stringify(res.body)}`);
  return parsed.data;
}

/** How a 400 names the input that failed (server/http/validate.ts). */
const fieldProblems = z.array(z.object({ path: z.string(), message: z.string() }));
export type FieldProblem = z.infer<typeof fieldProblems>[number];

/** The `details` of a 400 that names fields: each field's path and what is wrong with it. */
export function fieldProblemsOf(res: { status: number; body: unknown }): FieldProblem[] {
  const { details } = errorOf(res);
  const parsed = fieldProblems.safeParse(details);
  if (!parsed.success) throw new Error(`a ${res.status} whose details name no fields: ${JSON.stringify(res.body)}`);
  return parsed.data;
}
