/** What a personal API key may be limited to (issue 22); `admin` only for admins. */
export const apiKeyScopes = ['read', 'deploy', 'billing', 'admin'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
