import type { z } from 'zod';
import { type ApiRoute, type RouteInput, type RouteResult, successOf, urlOf } from '../../shared/api/route';

export interface MainCallerDeps {
  serverUrl(): string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The main process's typed client: calls one route of the shared contract as the signed-in person
 * (bearer token) and answers the success body parsed with the entry's response schema, as the
 * renderer's `call` does. Another status, or a body off the contract, throws.
 */
export function mainCaller(deps: MainCallerDeps) {
  const fetchImpl = deps.fetchImpl ?? fetch;
  return async function call<const E extends ApiRoute>(entry: E, token: string, input?: RouteInput<E>): Promise<RouteResult<E>> {
    const res = await fetchImpl(`${deps.serverUrl()}${urlOf(entry, input)}`, {
      method: entry.method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
    });
    const ok = successOf(entry);
    if (res.status !== ok.status) throw new Error(`${entry.path} answered ${res.status}`);
    const schema = ok.schema as z.ZodType<RouteResult<E>> | undefined;
    if (!schema) return undefined as RouteResult<E>;
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success) throw new Error(`${entry.path} answered off the contract: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
    return parsed.data;
  };
}
