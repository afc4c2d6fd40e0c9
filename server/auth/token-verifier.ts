import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { HttpError, unauthorized } from '../http/errors';

export interface VerifiedToken {
  issuer: string;
  subject: string;
  email: string;
  roles: string[];
  /** epoch ms of `exp` */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

export interface VerifierOptions {
  issuer: string;
  /** expected `aud`; when unset (Keycloak's default tokens) the authorised party `azp` must be the client id */
  audience: string | undefined;
  clientId: string;
  /** the desktop app's client id: its tokens are accepted too */
  desktopClientId?: string;
  /** the issuer's published key set; fetched from its discovery document when not given */
  jwks?: JSONWebKeySet;
  fetchImpl?: typeof fetch;
}

const rolesClaim = z.array(z.string()).catch([]);

/** Admin-role sources: a plain `roles` claim, or Keycloak's realm and client roles. */
function rolesOf(payload: JWTPayload, clientId: string): string[] {
  const realm = payload.realm_access as { roles?: unknown } | undefined;
  const resource = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  return [...rolesClaim.parse(payload.roles), ...rolesClaim.parse(realm?.roles), ...rolesClaim.parse(resource?.[clientId]?.roles)];
}

export function createTokenVerifier(o: VerifierOptions): TokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const keys = (): Promise<JWTVerifyGetKey> => {
    keySet ??= o.jwks
      ? Promise.resolve(createLocalJWKSet(o.jwks))
      : discoverJwksUri(o.issuer, o.fetchImpl ?? fetch).then((uri) => createRemoteJWKSet(new URL(uri))).catch((err: unknown) => {
          keySet = undefined; // try discovery again on the next request
          throw err;
        });
    return keySet;
  };

  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, await keys(), {
          issuer: o.issuer,
          ...(o.audience ? { audience: o.audience } : {}),
          algorithms: ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (err) {
        if (!(err instanceof errors.JOSEError)) throw new HttpError(503, 'Identity provider keys could not be loaded');
        throw unauthorized(reason(err));
      }
      if (!o.audience && payload.azp !== o.clientId && (!o.desktopClientId || payload.azp !== o.desktopClientId)) throw unauthorized('Token was issued to another client');
      const email = typeof payload.email === 'string' ? payload.email : typeof payload.preferred_username === 'string' ? payload.preferred_username : '';
      return { issuer: o.issuer, subject: payload.sub ?? '', email: email.toLowerCase(), roles: rolesOf(payload, o.clientId), expiresAt: (payload.exp ?? 0) * 1000 };
    },
  };
}

function reason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'Token expired';
  if (err instanceof errors.JWTClaimValidationFailed) return `Token ${err.claim} is not accepted`;
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) return 'Token signature is invalid';
  return 'Token is malformed or not accepted';
}

async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch): Promise<string> {
  const res = await fetchImpl(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const doc = z.object({ jwks_uri: z.url() }).parse(await res.json());
  return doc.jwks_uri;
}
