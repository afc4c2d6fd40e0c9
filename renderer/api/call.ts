import type { z } from 'zod';
import { type ApiRoute, type RouteInput, type RouteResult, successOf, urlOf } from '../../shared/api/route';
import { accountHeader } from '../../shared/api/teams';
import { apiDownload, apiRequest } from './client';

/** The input argument may be left out when the route takes none. */
type InputArg<E extends ApiRoute> = Record<string, never> extends RouteInput<E> ? [input?: RouteInput<E>] : [input: RouteInput<E>];

/**
 * Calls one route of the shared contract: the URL from its path template, its method, the body and
 * headers as its schemas take them, and the success answer parsed with its response schema.
 */
export function call<const E extends ApiRoute>(entry: E, ...[input]: InputArg<E>): Promise<RouteResult<E>> {
  return send(entry, input, successOf(entry).schema as z.ZodType<RouteResult<E>> | undefined);
}

/** The same for a route about the person rather than the account the tab acts in (issue 34: who am I, my teams, an invitation): sent without X-Account. */
export function callAsPerson<const E extends ApiRoute>(entry: E, ...[input]: InputArg<E>): Promise<RouteResult<E>> {
  return send(entry, input, successOf(entry).schema as z.ZodType<RouteResult<E>> | undefined, true);
}

/** The same, acting in the account `accountId` names (a team's id; undefined: the person's own) whichever account the tab is in: a team page moves the team's credit. */
export function callInAccount<const E extends ApiRoute>(accountId: string | undefined, entry: E, ...[input]: InputArg<E>): Promise<RouteResult<E>> {
  const i = input as { headers?: Record<string, unknown> } | undefined;
  return send(entry, { ...i, headers: { ...i?.headers, ...(accountId ? { [accountHeader]: accountId } : {}) } }, successOf(entry).schema as z.ZodType<RouteResult<E>> | undefined, true);
}

/** The same, read with a more tolerant schema than the entry's (the spec lets some answers be null). */
export function callAs<const E extends ApiRoute, T>(entry: E, schema: z.ZodType<T>, ...[input]: InputArg<E>): Promise<T> {
  return send(entry, input, schema);
}

function send<T>(
  entry: ApiRoute,
  input: { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, unknown> } | undefined,
  schema: z.ZodType<T> | undefined,
  asPerson = false,
): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input?.headers ?? {})) if (v !== undefined) headers[k] = String(v);
  return apiRequest(urlOf(entry, input), { method: entry.method, body: input?.body, headers, schema, asPerson });
}

/** The same for a route that answers a file: the blob and the name from Content-Disposition. */
export function download<const E extends ApiRoute>(entry: E, ...[input]: InputArg<E>): Promise<{ blob: Blob; filename: string | undefined }> {
  return apiDownload(urlOf(entry, input));
}
