import { userInfoLookup, type UserInfoResponse } from '../../shared/api/user-info';
import { industryMatchOf } from './industry';

/** Why a lookup failed; the route answers 502 with it and the landing page carries on without. */
export class LookupFailed extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'bad-status' | 'invalid-response',
    detail: string,
  ) {
    super(detail);
    this.name = 'LookupFailed';
  }
}

/** Looks up the visitor's company from their IP address. */
export interface UserInfoProvider {
  readonly kind: 'none' | 'http';
  lookup(ip: string): Promise<UserInfoResponse>;
}

export const noMatch = (): UserInfoResponse => ({ companyInfo: null, confidenceScore: 0, industryMatch: null });

/** The default: no lookup service, so no visitor's data leaves the server and every answer is "no match". */
export const noneProvider: UserInfoProvider = { kind: 'none', lookup: () => Promise.resolve(noMatch()) };

export interface HttpProviderOptions {
  url: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * A lookup service reached with `GET {url}?ip={ip}`, answering `{companyInfo, confidenceScore?,
 * industryMatch?}` (404 also means no match). The industry is derived from the category when the
 * service does not name one.
 */
export function httpProvider(o: HttpProviderOptions): UserInfoProvider {
  return {
    kind: 'http',
    async lookup(ip) {
      const url = new URL(o.url);
      url.searchParams.set('ip', ip);
      let res: Response;
      try {
        res = await (o.fetchImpl ?? fetch)(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(o.timeoutMs) });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new LookupFailed(timedOut ? 'timeout' : 'unreachable', timedOut ? `no answer within ${o.timeoutMs} ms` : 'the lookup service could not be reached');
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return noMatch();
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new LookupFailed('bad-status', `the lookup service answered ${res.status}`);
      }
      let json: unknown;
      try {
        json = await res.json();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new LookupFailed(timedOut ? 'timeout' : 'invalid-response', timedOut ? `no answer within ${o.timeoutMs} ms` : 'the lookup service answered something other than JSON');
      }
      const parsed = userInfoLookup.safeParse(json);
      if (!parsed.success) throw new LookupFailed('invalid-response', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
      const { companyInfo, confidenceScore, industryMatch } = parsed.data;
      if (!companyInfo) return noMatch();
      return {
        companyInfo,
        confidenceScore: confidenceScore ?? 0,
        industryMatch: industryMatch ?? industryMatchOf(companyInfo.category),
      };
    },
  };
}

export type UserInfoConfig = { provider: 'none' } | { provider: 'http'; url: string; timeoutMs: number };

export function createUserInfoProvider(config: UserInfoConfig): UserInfoProvider {
  return config.provider === 'http' ? httpProvider(config) : noneProvider;
}
