import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { accessTokenRefusal, createTokenVerifier, emailFrom, type AccessTokenRule, type TokenVerifier } from './token-verifier';

const issuer = 'https://sso.example.test/realms/platform';
const audience = 'launchpad-api';
const clientId = 'launchpad';

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  iss?: string;
  aud?: string | undefined;
  sub?: string | undefined;
  exp?: number | string;
}

/** A signed access token; by default valid for `issuer`/`audience` for ten minutes. */
function token(o: TokenOptions = {}): Promise<string> {
  let jwt = new SignJWT({ email: 'Ada@Example.com', ...o.claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(o.iss ?? issuer)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '10m');
  const aud = 'aud' in o ? o.aud : audience;
  if (aud !== undefined) jwt = jwt.setAudience(aud);
  const sub = 'sub' in o ? o.sub : 'user-1';
  if (sub !== undefined) jwt = jwt.setSubject(sub);
  return jwt.sign(o.key ?? signingKey);
}

/** The HttpError a verification fails with. */
async function rejection(verifier: TokenVerifier, jwt: string): Promise<HttpError> {
  const err = await verifier.verify(jwt).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

describe('createTokenVerifier with a known key set', () => {
  let verifier: TokenVerifier;
  beforeAll(() => {
    verifier = createTokenVerifier({ issuer, audience, clientId, jwks });
  });

  it('accepts a valid token and returns the subject and lower-cased email', async () => {
    expect(await verifier.verify(await token())).toEqual({ issuer, subject: 'user-1', email: 'ada@example.com', emailVerified: false, roles: [], groups: [], expiresAt: expect.any(Number) as number });
  });

  it('falls back to preferred_username when there is no email claim', async () => {
    const jwt = await token({ claims: { email: undefined, preferred_username: 'Grace@Example.com' } });
    expect((await verifier.verify(jwt)).email).toBe('grace@example.com');
  });

  it.each([
    ['a user name', { email: undefined, preferred_username: 'jdoe' }],
    ['an email claim that is no address', { email: 'not an email', preferred_username: 'jdoe' }],
    ['a number', { email: 42 }],
  ])('gives no email for %s (never a non-email)', async (_what, claims) => {
    expect((await verifier.verify(await token({ claims }))).email).toBeUndefined();
  });

  it.each([
    { source: 'a plain roles claim', claims: { roles: ['admin', 'viewer'] }, roles: ['admin', 'viewer'] },
    { source: 'Keycloak realm roles', claims: { realm_access: { roles: ['admin'] } }, roles: ['admin'] },
    { source: 'Keycloak client roles of this client', claims: { resource_access: { [clientId]: { roles: ['operator'] } } }, roles: ['operator'] },
    { source: 'client roles of another client (ignored)', claims: { resource_access: { other: { roles: ['admin'] } } }, roles: [] },
    { source: 'all three at once', claims: { roles: ['a'], realm_access: { roles: ['b'] }, resource_access: { [clientId]: { roles: ['c'] } } }, roles: ['a', 'b', 'c'] },
    { source: 'a malformed roles claim (ignored)', claims: { roles: 'admin', realm_access: { roles: [1, 2] } }, roles: [] },
  ])('reads roles from $source', async ({ claims, roles }) => {
    expect((await verifier.verify(await token({ claims }))).roles).toEqual(roles);
  });

  it.each([
    { problem: 'an expired token', o: { exp: Math.floor(Date.now() / 1000) - 120 }, message: 'Token expired' },
    { problem: 'another issuer', o: { iss: 'https://evil.example.test' }, message: 'Token iss is not accepted' },
    { problem: 'another audience', o: { aud: 'some-other-api' }, message: 'Token aud is not accepted' },
    { problem: 'no audience', o: { aud: undefined }, message: 'Token aud is not accepted' },
    { problem: 'no subject', o: { sub: undefined }, message: 'Token sub is not accepted' },
  ])('rejects $problem with 401 "$message"', async ({ o, message }) => {
    const err = await rejection(verifier, await token(o));
    expect(err.status).toBe(401);
    expect(err.message).toBe(message);
  });

  it('rejects a token signed by another key with 401 "Token signature is invalid"', async () => {
    const err = await rejection(verifier, await token({ key: otherKey }));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Token signature is invalid');
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['an unsigned token', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"iss":"${issuer}","sub":"x","aud":"${audience}","exp":9999999999}`).toString('base64url')}.`],
    ['an empty string', ''],
  ])('rejects %s with 401', async (_what, jwt) => {
    const err = await rejection(verifier, jwt);
    expect(err.status).toBe(401);
    expect(err.message).toBe('Token is malformed or not accepted');
  });

  it('rejects a token signed with HS256 using the public key material', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer(issuer).setAudience(audience).setSubject('x').setExpirationTime('5m').sign(secret);
    expect((await rejection(verifier, jwt)).status).toBe(401);
  });
});

describe('createTokenVerifier without an audience (Keycloak default tokens)', () => {
  let verifier: TokenVerifier;
  beforeAll(() => {
    verifier = createTokenVerifier({ issuer, audience: undefined, clientId, desktopClientId: 'launchpad-desktop', jwks });
  });

  it.each([clientId, 'launchpad-desktop'])('accepts a token whose authorised party is %s (web or desktop client), whatever its aud', async (azp) => {
    const jwt = await token({ aud: 'account', claims: { azp } });
    expect((await verifier.verify(jwt)).subject).toBe('user-1');
  });

  it.each([
    ['another client', { azp: 'other-client' }],
    ['no azp', {}],
  ])('rejects a token issued to %s', async (_what, claims) => {
    const err = await rejection(verifier, await token({ aud: 'account', claims }));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Token was issued to another client');
  });
});

describe('createTokenVerifier with discovery', () => {
  let server: http.Server;
  let discoveryIssuer: string;
  let discoveryStatus = 200;
  const hits = { discovery: 0, jwks: 0 };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        hits.discovery++;
        res.writeHead(discoveryStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ issuer: discoveryIssuer, jwks_uri: `${discoveryIssuer}/protocol/openid-connect/certs` }));
      } else if (req.url === '/protocol/openid-connect/certs') {
        hits.jwks++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(jwks));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    discoveryIssuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers 503 while discovery fails, then recovers once the issuer is back', async () => {
    const verifier = createTokenVerifier({ issuer: discoveryIssuer, audience, clientId });
    const jwt = await token({ iss: discoveryIssuer });

    discoveryStatus = 500;
    const err = await rejection(verifier, jwt);
    expect(err.status).toBe(503);
    expect(err.message).toBe('Identity provider keys could not be loaded');

    discoveryStatus = 200;
    expect(await verifier.verify(jwt)).toMatchObject({ issuer: discoveryIssuer, subject: 'user-1' });
  });

  it('finds the key set through the discovery document and fetches it once', async () => {
    const verifier = createTokenVerifier({ issuer: discoveryIssuer, audience, clientId });
    const before = { ...hits };
    for (let i = 0; i < 3; i++) {
      expect((await verifier.verify(await token({ iss: discoveryIssuer }))).email).toBe('ada@example.com');
    }
    expect(hits.discovery - before.discovery).toBe(1);
    expect(hits.jwks - before.jwks).toBe(1);
    const err = await rejection(verifier, await token({ iss: discoveryIssuer, key: otherKey }));
    expect(err.status).toBe(401);
  });

  it('answers 503 when the issuer cannot be reached at all', async () => {
    const verifier = createTokenVerifier({ issuer: 'http://127.0.0.1:9', audience, clientId });
    const err = await rejection(verifier, await token({ iss: 'http://127.0.0.1:9' }));
    expect(err.status).toBe(503);
  });
});

describe('accessTokenRefusal: which JWTs pass as API bearer tokens', () => {
  const api = 'https://launchpad.example.test/api';
  const withAudience: AccessTokenRule = { audience: api, clientIds: ['launchpad', 'launchpad-desktop'] };
  const byParty: AccessTokenRule = { audience: undefined, clientIds: ['launchpad', 'launchpad-desktop'] };
  const at = { typ: 'at+jwt' };
  const jwt = { typ: 'JWT' };

  it.each([
    // RFC 9068 access tokens (embedded provider, Auth0-like issuers)
    { shape: 'RFC 9068 token for the API', rule: withAudience, header: at, payload: { aud: api, client_id: 'launchpad', scope: 'openid' }, refusal: undefined },
    { shape: 'RFC 9068 token, media type spelled out', rule: withAudience, header: { typ: 'application/at+JWT' }, payload: { aud: [api, 'https://issuer/userinfo'] }, refusal: undefined },
    { shape: 'RFC 9068 token for another API', rule: withAudience, header: at, payload: { aud: 'https://other.example.test', client_id: 'launchpad' }, refusal: 'Token aud is not accepted' },
    { shape: 'RFC 9068 token without aud', rule: withAudience, header: at, payload: { client_id: 'launchpad' }, refusal: 'Token aud is not accepted' },
    { shape: 'RFC 9068 token by client_id, no azp (no audience configured)', rule: byParty, header: at, payload: { aud: 'account', client_id: 'launchpad' }, refusal: undefined },
    { shape: 'RFC 9068 token of the desktop client', rule: byParty, header: at, payload: { client_id: 'launchpad-desktop' }, refusal: undefined },
    { shape: 'RFC 9068 token of another client', rule: byParty, header: at, payload: { client_id: 'other' }, refusal: 'Token was issued to another client' },
    // Keycloak: header typ JWT, claim typ Bearer / ID / Refresh
    { shape: 'Keycloak access token (aud account, azp)', rule: byParty, header: jwt, payload: { typ: 'Bearer', aud: 'account', azp: 'launchpad' }, refusal: undefined },
    { shape: 'Keycloak access token of another client', rule: byParty, header: jwt, payload: { typ: 'Bearer', aud: 'account', azp: 'other' }, refusal: 'Token was issued to another client' },
    {
      shape: 'Keycloak access token, azp wins over client_id',
      rule: byParty,
      header: jwt,
      payload: { typ: 'Bearer', azp: 'other', client_id: 'launchpad' },
      refusal: 'Token was issued to another client',
    },
    { shape: 'Keycloak access token with an audience mapper', rule: withAudience, header: jwt, payload: { typ: 'Bearer', aud: [api, 'account'], azp: 'launchpad' }, refusal: undefined },
    { shape: 'Keycloak ID token', rule: byParty, header: jwt, payload: { typ: 'ID', aud: 'launchpad', azp: 'launchpad' }, refusal: 'Token is not an access token' },
    {
      shape: 'Keycloak ID token when aud equals the configured audience',
      rule: { ...withAudience, audience: 'launchpad' },
      header: jwt,
      payload: { typ: 'ID', aud: 'launchpad', azp: 'launchpad' },
      refusal: 'Token is not an access token',
    },
    { shape: 'Keycloak refresh token', rule: byParty, header: jwt, payload: { typ: 'Refresh', azp: 'launchpad' }, refusal: 'Token is not an access token' },
    // tokens that say neither
    { shape: 'plain ID token (no typ, no scope)', rule: byParty, header: {}, payload: { aud: 'launchpad', azp: 'launchpad', nonce: 'n' }, refusal: 'Token is not an access token' },
    {
      shape: 'plain ID token whose aud is the configured audience',
      rule: { ...withAudience, audience: 'launchpad' },
      header: jwt,
      payload: { aud: 'launchpad' },
      refusal: 'Token is not an access token',
    },
    { shape: 'generic access token with scope', rule: withAudience, header: jwt, payload: { aud: api, scope: 'openid email', azp: 'launchpad' }, refusal: undefined },
    { shape: 'generic access token with scp (Okta, Entra)', rule: withAudience, header: {}, payload: { aud: api, scp: ['read'] }, refusal: undefined },
    { shape: 'a logout token', rule: byParty, header: { typ: 'logout+jwt' }, payload: { azp: 'launchpad', client_id: 'launchpad' }, refusal: 'Token is not an access token' },
    { shape: 'an ID token typed by header', rule: byParty, header: { typ: 'id_token+jwt' }, payload: { azp: 'launchpad', scope: 'x' }, refusal: 'Token is not an access token' },
  ])('$shape → $refusal', ({ rule, header, payload, refusal }) => {
    expect(accessTokenRefusal(header, payload, rule)).toBe(refusal);
  });
});

describe('emailFrom', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    [' grace@example.org ', 'grace@example.org'],
    ['jdoe', undefined],
    ['', undefined],
    ['a@b', undefined],
    [undefined, undefined],
    [['x@example.com'], undefined],
  ])('%j → %j', (value, email) => {
    expect(emailFrom(value)).toBe(email);
  });
});
