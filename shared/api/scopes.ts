import { actionWords, scopeLabels } from './action-words';
import type { ApiRoute } from './route';
import { apiKeyScopes, type ApiKeyScope } from './scope-names';

export { apiKeyScopes, type ApiKeyScope };

/**
 * The one rule from a route to the scope a key needs for it: admin routes need `admin`, the
 * terminal `deploy`, other reads `read`; writes by domain (deployments → `deploy`, balance and
 * licences → `billing`). Undefined: no scoped key may call it (only unscoped keys and signed-in users).
 */
export function scopeOf(entry: Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket'>): ApiKeyScope | undefined {
  if (entry.auth === 'admin') return 'admin';
  if (entry.websocket) return 'deploy';
  // Billing documents and details name the company and its payments: the billing scope even to read.
  if (entry.tag === 'documents') return 'billing';
  if (entry.method === 'GET') return 'read';
  if (entry.tag === 'deployments' || entry.tag === 'connected-deployments') return 'deploy';
  if (entry.tag === 'billing' || entry.tag === 'licenses') return 'billing';
  return undefined;
}

/**
 * Whether a caller may receive secrets that grant use of what they guard (a deployment's SSH
 * private key is a shell on the machine): signed-in users and keys without scopes may, a scoped
 * key only with `deploy` — a `read` key reads about deployments, it does not get into them.
 */
export function maySeeSecrets(scopes: readonly string[] | null | undefined): boolean {
  return !scopes || scopes.includes('deploy');
}

/** Why a key with `scopes` may not call `entry`, in a plain sentence, or undefined when it may (null scopes: a key made before scopes, allowed all). */
export function scopeRefusal(scopes: readonly string[] | null | undefined, entry: Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket' | 'name'>): string | undefined {
  if (!scopes) return undefined;
  const needed = scopeOf(entry);
  if (needed && scopes.includes(needed)) return undefined;
  const act = actionWords(entry, needed);
  return needed ? `This API key cannot ${act}: it was made without the ${scopeLabels[needed]} permission` : `This API key cannot ${act}: only a key with every permission, or a signed-in person, can`;
}
