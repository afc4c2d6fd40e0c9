import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../brand';
import { apiRoutesByName } from './routes';
import { scopeOf, scopeRefusal } from './scopes';

const routes = apiRoutesByName(defaultBrand);
const of = (name: string) => {
  const r = routes[name];
  if (!r) throw new Error(`no route ${name}`);
  return scopeOf(r);
};

describe('the scope each route needs from an API key', () => {
  it.each([
    ['deployments.list', 'read'],
    ['deployments.logs', 'read'],
    ['balance.transactions.export', 'read'],
    ['deployments.create', 'deploy'],
    ['deployments.delete', 'deploy'],
    ['deployments.update-timeout', 'deploy'],
    ['deployments.terminal', 'deploy'],
    ['balance.checkout', 'billing'],
    ['licenses.checkout', 'billing'],
    ['licenses.create', 'billing'],
    ['admin.balance.topup', 'admin'],
    ['admin.deployments.list', 'admin'],
    ['admin.audit.export', 'admin'],
    ['api-keys.revoke', undefined],
  ])('%s → %s', (name, scope) => {
    expect(of(name)).toBe(scope);
  });

  it('keys made before scopes (null) may call everything; a scoped key is told the scope it lacks', () => {
    const create = routes['deployments.create'];
    if (!create) throw new Error('no create');
    expect(scopeRefusal(null, create)).toBeUndefined();
    expect(scopeRefusal(['deploy'], create)).toBeUndefined();
    expect(scopeRefusal(['read'], create)).toBe('This API key cannot create deployments: it was made without the Deploy permission');
    const revoke = routes['api-keys.revoke'];
    if (!revoke) throw new Error('no revoke');
    expect(scopeRefusal(['read', 'deploy'], revoke)).toBe('This API key cannot revoke API keys: only a key with every permission, or a signed-in person, can');
  });

  it('no refusal names a route or a scope id', () => {
    for (const route of Object.values(routes)) {
      for (const scopes of [[], ['read'], ['deploy'], ['billing']]) {
        const text = scopeRefusal(scopes, route);
        if (!text) continue;
        expect(text).not.toContain(route.name);
        expect(text).not.toMatch(/"|\b(read|deploy|billing|admin)\b scope/);
      }
    }
  });
});
