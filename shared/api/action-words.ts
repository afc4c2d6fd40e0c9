import type { ApiRoute } from './route';
import type { ApiKeyScope } from './scope-names';

/** What a refused route does, in the words a person reads after "can" / "cannot" (never its name or scope id). */
const routeWords: Readonly<Record<string, string>> = {
  'balance.checkout': 'add funds',
  'balance.move': 'move credit',
  'balance.spend-limit.save': 'set the spend limit',
  'licenses.create': 'create licenses',
  'licenses.hide': 'delete licenses',
  'licenses.checkout': 'pay for licenses',
  'licenses.renew': 'renew licenses',
  'licenses.renew-free': 'renew licenses',
  'deployments.create': 'create deployments',
  'deployments.delete': 'delete deployments',
  'deployments.update-timeout': 'change a deployment’s timeout',
  'deployments.update-version': 'change a deployment’s version',
  'deployments.setup-steps.rerun': 'run a setup step again',
  'deployments.terminal': 'open terminals',
  'user-meta.update': 'change the model-hub token',
  'connected-deployments.create': 'add private deployments',
  'connected-deployments.sync': 'add private deployments',
  'connected-deployments.delete': 'remove private deployments',
  'connected-deployments.update': 'change private deployments',
  'api-keys.create': 'create API keys',
  'api-keys.revoke': 'revoke API keys',
};

/** Where a route has no words of its own, what its scope covers. */
const scopeWords: Readonly<Record<ApiKeyScope, string>> = {
  read: 'see this account',
  deploy: 'create and change deployments',
  billing: 'make payments and change licenses',
  admin: 'use the admin pages',
};

export function actionWords(entry: Pick<ApiRoute, 'name'>, scope: ApiKeyScope | undefined): string {
  return routeWords[entry.name] ?? (scope ? scopeWords[scope] : 'do this');
}

/** The scope's name as the API-key form shows it. */
export const scopeLabels: Readonly<Record<ApiKeyScope, string>> = { read: 'Read', deploy: 'Deploy', billing: 'Billing', admin: 'Admin' };
