import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTHeaderParameters, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { HttpError, unauthorized } from '../http/errors';

export interface VerifiedToken {
  issuer: string;
  subject: string;
  /** lower-cased, and only when the token carries a real email address (`email`, or an email-shaped `preferred_username`) */
  email: string | undefined;
  /** the token's `email_verified` claim is true */
  emailVerified: boolean;
  roles: string[];
  /** the token's `groups` claim (Keycloak's group mapper): team memberships when TEAM_GROUPS is set */
  groups: string[];
  /** epoch ms of `exp` */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

export interface VerifierOptions {
  issuer: string;
  /** expected `aud`; when unset (Keycloak's default tokens) the authorised party (`azp`, or RFC 9068 `client_id`) must be the client id */
  audience: string | undefined;
  clientId: string;
  /** the desktop app's client id: its tokens are accepted too */
  desktopClientId?: string;
  /** the issuer's published key set; fetched from its discovery document when not given */
  jwks?: JSONWebKeySet;
  fetchImpl?: typeof fetch;
}

const rolesClaim = z.array(z.string()).catch([]);
const emailClaim = z.email();

/** Admin-role sources: a plain `roles` claim, or Keycloak's realm and client roles. */
function rolesOf(payload: JWTPayload, clientId: string): string[] {
  const realm = payload.realm_access as { roles?: unknown } | undefined;
  const resource = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  return [...rolesClaim.parse(payload.roles), ...rolesClaim.parse(realm?.roles), ...rolesClaim.parse(resource?.[clientId]?.roles)];
}

/** A real email address from a claim value, lower-cased; anything else (a user name, a number) is no email. */
export function emailFrom(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return emailClaim.safeParse(email).success ? email : undefined;
}

export interface AccessTokenRule {
  /** expected `aud` (one of the token's audiences); unset = the authorised party decides */
  audience: string | undefined;
  /** the clients whose tokens are accepted when no audience is configured */
  clientIds: readonly string[];
}

/**
 * The one rule for which signed JWTs pass as API bearer tokens: only access tokens, meant for this
 * API. Returns why a token is refused, or undefined when it passes.
 *
 * - Kind: an RFC 9068 token says so in its header (`typ: at+jwt`); Keycloak says so in its `typ`
 *   claim (`Bearer`; its ID tokens say `ID`, refresh tokens `Refresh`). A token that says neither
 *   must carry a claim only access tokens have (`scope`, `scp`, `client_id`): ID tokens carry none.
 * - Recipient: with an audience configured, `aud` must contain it; without one, the authorised
 *   party must be one of our clients: `azp` (OpenID Connect, Keycloak) or else `client_id` (RFC 9068).
 */
export function accessTokenRefusal(header: Pick<JWTHeaderParameters, 'typ'>, payload: JWTPayload, rule: AccessTokenRule): string | undefined {
  const headerTyp = typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : undefined;
  const claimTyp = typeof payload.typ === 'string' ? payload.typ.toLowerCase() : undefined;
  if (headerTyp !== undefined && headerTyp !== 'jwt' && headerTyp !== 'at+jwt') return 'Token is not an access token';
  if (headerTyp !== 'at+jwt') {
    if (claimTyp !== undefined && claimTyp !== 'bearer') return 'Token is not an access token';
    if (claimTyp === undefined && payload.scope === undefined && payload.scp === undefined && payload.client_id === undefined) return 'Token is not an access token';
  }
  if (rule.audience !== undefined) {
    const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud === undefined ? [] : [payload.aud];
    if (!audiences.includes(rule.audience)) return 'Token aud is not accepted';
    return undefined;
  }
  const party = typeof payload.azp === 'string' ? payload.azp : typeof payload.client_id === 'string' ? payload.client_id : undefined;
  if (party === undefined || !rule.clientIds.includes(party)) return 'Token was issued to another client';
  return undefined;
}

export function createTokenVerifier(o: VerifierOptions): TokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const keys = (): Promise<JWTVerifyGetKey> => {
    keySet ??= o.jwks
      ? Promise.resolve(createLocalJWKSet(o.jwks))
      : discoverIssuer(o.issuer, o.fetchImpl ?? fetch)
          .then((doc) => createRemoteJWKSet(new URL(doc.jwks_uri)))
          .catch((err: unknown) => {
            keySet = undefined; // try discovery again on the next request
            throw err;
          });
    return keySet;
  };
  const rule: AccessTokenRule = { audience: o.audience, clientIds: [o.clientId, ...(o.desktopClientId ? [o.desktopClientId] : [])] };

  return {
    async verify(token) {
      let payload: JWTPayload;
      let header: JWTHeaderParameters;
      try {
        ({ payload, protectedHeader: header } = await jwtVerify(token, await keys(), {
          issuer: o.issuer,
          algorithms: ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (err) {
        if (!(err instanceof errors.JOSEError)) throw new HttpError(503, 'Identity provider keys could not be loaded');
        throw unauthorized(reason(err));
      }
      const refusal = accessTokenRefusal(header, payload, rule);
      if (refusal) throw unauthorized(refusal);
      return {
        issuer: o.issuer,
        subject: payload.sub ?? '',
        email: emailFrom(payload.email) ?? emailFrom(payload.preferred_username),
        emailVerified: payload.email_verified === true,
        roles: rolesOf(payload, o.clientId),
        groups: rolesClaim.parse(payload.groups),
        expiresAt: (payload.exp ?? 0) * 1000,
      };
    },
  };
}

function reason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'Token expired';
  if (err instanceof errors.JWTClaimValidationFailed) return `Token ${err.claim} is not accepted`;
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) return 'Token signature is invalid';
  return 'Token is malformed or not accepted';
}

const discoveryDocument = z.object({ jwks_uri: z.url(), userinfo_endpoint: z.url().optional(), end_session_endpoint: z.url().optional() });
export type DiscoveryDocument = z.infer<typeof discoveryDocument>;

/** The issuer's OpenID Connect discovery document (the parts Launchpad's server uses). */
export async function discoverIssuer(issuer: string, fetchImpl: typeof fetch): Promise<DiscoveryDocument> {
  const res = await fetchImpl(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  return discoveryDocument.parse(await res.json());
}
