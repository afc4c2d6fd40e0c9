import { z } from 'zod';
import { discoverIssuer, emailFrom } from './token-verifier';

/**
 * The user's email from the issuer's userinfo endpoint, for access tokens that carry none (RFC 9068
 * tokens usually do not; Keycloak's do by default). Asked with the caller's own access token, once
 * per user and hour: answers are kept in memory, failures for a minute, so a slow or broken issuer
 * is not asked on every request.
 */
export interface EmailLookup {
  /** undefined when the issuer has no userinfo endpoint, cannot be reached, or knows no email address */
  emailOf(subject: string, accessToken: string): Promise<string | undefined>;
}

export interface EmailLookupOptions {
  issuer: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** how long a found email is kept (ms) */
  ttlMs?: number;
  /** how long a failed or empty answer is kept (ms) */
  failureTtlMs?: number;
  timeoutMs?: number;
  max?: number;
}

const userinfoAnswer = z.object({ sub: z.string(), email: z.unknown().optional() });

export function createEmailLookup(o: EmailLookupOptions): EmailLookup {
  const fetchImpl = o.fetchImpl ?? fetch;
  const now = o.now ?? Date.now;
  const ttlMs = o.ttlMs ?? 3_600_000;
  const failureTtlMs = o.failureTtlMs ?? 60_000;
  const max = o.max ?? 10_000;
  const known = new Map<string, { email: string | undefined; until: number }>();
  const pending = new Map<string, Promise<string | undefined>>();
  let endpoint: Promise<string | undefined> | undefined;

  const userinfoEndpoint = (): Promise<string | undefined> =>
    (endpoint ??= discoverIssuer(o.issuer, fetchImpl).then(
      (doc) => doc.userinfo_endpoint,
      (err: unknown) => {
        endpoint = undefined; // ask discovery again next time
        throw err;
      },
    ));

  async function ask(subject: string, accessToken: string): Promise<string | undefined> {
    const url = await userinfoEndpoint();
    if (!url) return undefined;
    const res = await fetchImpl(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(o.timeoutMs ?? 5000) });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    const body = userinfoAnswer.parse(await res.json());
    // OpenID Connect Core 5.3.2: a userinfo answer for another subject must not be used.
    if (body.sub !== subject) throw new Error('userinfo answered for another subject');
    return emailFrom(body.email);
  }

  function remember(subject: string, email: string | undefined, forMs: number) {
    if (known.size >= max) known.delete(known.keys().next().value ?? '');
    known.set(subject, { email, until: now() + forMs });
  }

  return {
    async emailOf(subject, accessToken) {
      const hit = known.get(subject);
      if (hit && hit.until > now()) return hit.email;
      let answer = pending.get(subject);
      if (!answer) {
        answer = ask(subject, accessToken).then(
          (email) => {
            remember(subject, email, email ? ttlMs : failureTtlMs);
            return email;
          },
          () => {
            remember(subject, undefined, failureTtlMs);
            return undefined;
          },
        );
        pending.set(subject, answer);
        void answer.finally(() => pending.delete(subject));
      }
      return answer;
    },
  };
}
