import { accountKind } from '../teams/account-kinds';
import { z } from 'zod';
import { bankTransferDetails } from '../licenses/bank-transfer';
import { file, json, jsonBody, noContent, routesOf } from './route';
import { apiKeyScopes } from './scopes';
import { safeText } from './text';
import { teamRoles } from '../teams/roles';

export const checkAdminResponse = z.object({ isAdmin: z.boolean() });

/** An account the caller can act in: their own, or a team they belong to (issue 34). */
export const accountSummary = z.object({
  id: z.string(),
  kind: accountKind,
  /** the team's name; the person's e-mail for the personal account */
  name: z.string(),
  /** the caller's role in it (`owner` of their personal account) */
  role: z.enum(teamRoles),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const meResponse = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** the personal account first, then the caller's teams by name */
  accounts: z.array(accountSummary),
});

export const apiKeyNameMax = 80;

/** How long a new key lives, in days; null = never expires. */
export const apiKeyExpiryDays = [7, 30, 90, 365] as const;

export const createApiKeyBody = z.object({
  name: safeText({ required: 'Name is required', max: apiKeyNameMax, label: 'Name' }),
  /** left out: a key allowed all its owner may (as keys made before scopes) */
  scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1, 'Choose at least one scope')
    .max(apiKeyScopes.length)
    .transform((v) => [...new Set(v)])
    .optional(),
  expires_in_days: z.literal(apiKeyExpiryDays, 'Expiry must be 7, 30, 90 or 365 days, or null for never').nullable().optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** the first characters of the key, so a user can tell keys apart */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** the address the key was last used from */
  lastUsedIp: z.string().nullable(),
  /** null: every scope its owner has (a key made before scopes) */
  scopes: z.array(z.string()).nullable(),
  /** null: never expires */
  expiresAt: z.string().nullable(),
  /** a team's key: the e-mail of the member who created it (it acts as them); absent for a personal key */
  createdBy: z.string().nullable().optional(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The whole key is in this answer only; the server keeps a hash. */
export const createdApiKey = apiKeySummary.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyList = z.object({ keys: z.array(apiKeySummary) });

export const idParam = z.object({ id: z.uuid() }).describe('API key id');

/** What is kept of an API key once revoked, for the page its old links (notices) open. */
export const revokedApiKeyWire = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  revoked_at: z.string(),
  /** who revoked it: the member's e-mail, or "an administrator"; null when it went by itself */
  revoked_by: z.string().nullable(),
  /** why it went when nobody revoked it by hand (its creator left the team, the team was deleted) */
  reason: z.string().nullable(),
});
export type RevokedApiKey = z.infer<typeof revokedApiKeyWire>;

/** What the renderer needs to know at start-up; served without sign-in. */
export const publicConfig = z.object({
  product: z.object({ id: z.string(), name: z.string() }),
  oidc: z.object({
    issuer: z.string(),
    clientId: z.string(),
    /** the desktop app's own public client (loopback redirects, RFC 8252) at the same issuer */
    desktopClientId: z.string(),
    scope: z.string(),
    /** where the signed-in email links to: the identity provider's account page */
    accountUrl: z.string(),
  }),
  /** the hosted app (the gallery's {product} Cloud entry); optional so an older server still boots the renderer */
  hostedAppUrl: z.string().optional(),
  /** the gallery's Localhost import target, http://localhost:8080 unless configured */
  localhostImportUrl: z.string().optional(),
  /** where licence payments by bank transfer go (BANK_* settings); absent: bank transfer is not offered */
  bankTransfer: bankTransferDetails.optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** The embedded provider's sign-in form (POST /oidc/interaction/{uid}/login, form-encoded). */
export const loginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
export const interactionParam = z.object({ uid: z.string().min(1).max(200) });

const route = routesOf('auth');
const identityRoute = routesOf('identity');

/** Start-up configuration, the caller, their API keys, and the embedded provider's sign-in pages. */
export const authContract = {
  idpLogoutScript: identityRoute('visitor', 'idp.logout-script', 'GET /idp/logout.js', {
    summary: "The provider's sign-out page script",
    responses: { 200: file('Script', 'application/javascript') },
  }),
  idpInteraction: identityRoute('sign-in-session', 'idp.interaction', 'GET /oidc/interaction/{uid}', {
    summary: 'The sign-in page of an authorization request',
    params: interactionParam,
    responses: { 200: file('Sign-in page', 'text/html'), 303: { description: 'Consent granted (first-party client): back to the authorization request' } },
  }),
  idpLogin: identityRoute('sign-in-session', 'idp.login', 'POST /oidc/interaction/{uid}/login', {
    summary: 'Submit the sign-in form (401 page on a wrong password)',
    params: interactionParam,
    body: { type: 'application/x-www-form-urlencoded', schema: loginForm },
    responses: { 303: { description: 'Signed in: back to the authorization request' } },
    rateLimited: true,
  }),
  publicConfig: route('visitor', 'public-config', 'GET /api/config', { summary: 'What the renderer needs at start-up', responses: { 200: json('Public configuration', publicConfig) } }),
  checkAdmin: route('user', 'check-admin', 'GET /api/auth/check-admin', { summary: 'Whether the caller is an administrator', responses: { 200: json('Admin flag', checkAdminResponse) } }),
  me: route('user', 'me', 'GET /api/auth/me', { summary: 'The signed-in user', responses: { 200: json('The user', meResponse) } }),
  listApiKeys: route('user', 'api-keys.list', 'GET /api/auth/api-keys', { summary: "The caller's API keys", responses: { 200: json('Keys (prefixes only)', apiKeyList) } }),
  createApiKey: route('user', 'api-keys.create', 'POST /api/auth/api-keys', {
    summary: 'Create an API key (the whole key is in this answer only)',
    body: jsonBody(createApiKeyBody, 'API key'),
    responses: { 201: json('The new key', createdApiKey) },
  }),
  signOut: route('user', 'auth.sign-out', 'POST /api/auth/sign-out', {
    summary: 'Sign-out: ends the terminals this sign-in session opened (the web and desktop apps call it before revoking their refresh token)',
    responses: { 204: noContent },
  }),
  revokedApiKey: route('user', 'api-keys.ended', 'GET /api/auth/api-keys/{id}/ended', {
    summary: 'One of your API keys that was revoked: when, and by whom or why (404 while it is active, or when it was never yours)',
    params: idParam,
    responses: { 200: json('The revoked key', revokedApiKeyWire) },
  }),
  revokeApiKey: route('user', 'api-keys.revoke', 'DELETE /api/auth/api-keys/{id}', { summary: 'Revoke one of your API keys', params: idParam, responses: { 204: noContent } }),
};
