import { describe, expect, it } from 'vitest';
import { apiRoutes, apiRoutesByName } from '../api/routes';
import { defaultBrand } from '../brand';
import { roleRefusal, rolesWith, teamRoles } from './roles';

const routes = apiRoutesByName(defaultBrand);
const route = (name: string) => {
  const r = routes[name];
  if (!r) throw new Error(`no route ${name}`);
  return r;
};

describe('what a team role is told when the rule table refuses it', () => {
  it('names who may, from the table, in a plain sentence', () => {
    expect(roleRefusal('member', route('balance.checkout'))).toBe('Only the owner, admins and billing members can add funds');
    expect(roleRefusal('member', route('licenses.create'))).toBe('Only the owner, admins and billing members can create licenses');
    expect(roleRefusal('billing', route('deployments.create'))).toBe('Only the owner, admins and members can create deployments');
    expect(roleRefusal('billing', route('deployments.terminal'))).toBe('Only the owner, admins and members can open terminals');
    expect(roleRefusal('billing', route('deployments.delete'))).toBe('Only the owner, admins and members can delete deployments');
    expect(roleRefusal('owner', route('balance.checkout'))).toBeUndefined();
    expect(roleRefusal('billing', route('deployments.list'))).toBeUndefined();
  });

  it('lists the roles a scope belongs to', () => {
    expect(rolesWith('read')).toBe('the owner, admins, members and billing members');
    expect(rolesWith('admin')).toBe('nobody');
  });

  it('never names an internal action or a scope id', () => {
    for (const r of apiRoutes(defaultBrand)) {
      for (const role of teamRoles) {
        const text = roleRefusal(role, r);
        if (!text) continue;
        expect(text).toMatch(/^Only [a-z ,]+ can [a-z -’]+$/i);
        expect(text).not.toContain(r.name);
        expect(text).not.toContain('"');
      }
    }
  });
});
