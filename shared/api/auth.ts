import { z } from 'zod';

export const checkAdminResponse = z.object({ isAdmin: z.boolean() });
export type CheckAdminResponse = z.infer<typeof checkAdminResponse>;

export const meResponse = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const apiKeyNameMax = 80;

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(apiKeyNameMax),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** the first characters of the key, so a user can tell keys apart */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The whole key is in this answer only; the server keeps a hash. */
export const createdApiKey = apiKeySummary.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyList = z.object({ keys: z.array(apiKeySummary) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const idParam = z.object({ id: z.uuid() });

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
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** The embedded provider's sign-in form (POST /oidc/interaction/{uid}/login, form-encoded). */
export const loginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
export const interactionParam = z.object({ uid: z.string().min(1).max(200) });
