import type { IncomingMessage } from 'node:http';

/** One parsed request as the fake APIs see it. */
export interface FakeRequest {
  method: string;
  /** path below the API root, split: `/servers/12` → ['servers', '12'] */
  segments: string[];
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** JSON or form body; `undefined` when empty, `null` when unparsable */
  body: Record<string, unknown> | undefined | null;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const json = (status: number, body?: unknown, headers?: Record<string, string>): FakeResponse => ({ status, body, headers });

export async function readBody(req: IncomingMessage): Promise<FakeRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The `Bearer` token of a request (scheme is case-insensitive: Civo documents `bearer`). */
export function bearerToken(headers: IncomingMessage['headers']): string | undefined {
  const m = /^bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return m?.[1]?.trim();
}

/** Pages a list the way both APIs do: 1-based `page`, `per_page`. */
export function paginate<T>(items: T[], query: URLSearchParams, defaultPerPage: number, maxPerPage: number) {
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const perPage = Math.min(maxPerPage, Math.max(1, Number(query.get('per_page') ?? defaultPerPage) || defaultPerPage));
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return { page, perPage, lastPage, slice: items.slice((page - 1) * perPage, page * perPage) };
}
