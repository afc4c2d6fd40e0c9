import type { ApiKeyScope } from '../../../shared/api/scopes';

/** What each scope lets a key do, shown as the checkbox's tooltip. */
export const scopeHints: Record<ApiKeyScope, string> = {
  read: 'Read: every GET route (lists, details, logs, downloads)',
  deploy: 'Deploy: create, change and delete deployments, open terminals',
  billing: 'Billing: add funds, buy and manage licenses',
  admin: 'Admin: the admin routes (administrators only)',
};

export const expiryLabel = (days: number | null) => (days === null ? 'Never' : `${days} days`);

/** "read, deploy" — or "All" for a key made before scopes existed. */
export const scopesText = (scopes: readonly string[] | null) => (scopes === null ? 'All' : scopes.join(', '));
