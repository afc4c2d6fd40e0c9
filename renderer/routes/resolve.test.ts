import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { documentTitle, resolveRoute } from './resolve';

const visitor: Viewer = { signedIn: false, isAdmin: false };
const user: Viewer = { signedIn: true, isAdmin: false };
const admin: Viewer = { signedIn: true, isAdmin: true };

function at(href: string, viewer: Viewer = user, brandId?: string) {
  const url = new URL(href, 'http://launchpad.test');
  return resolveRoute({ pathname: url.pathname, search: url.search, hash: url.hash }, viewer, brandId);
}

describe('marketing routes', () => {
  it.each([
    ['/', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/pricing', 'pricing', 'Pricing'],
    ['/deployment', 'deployment', 'Deployment Options'],
    ['/docs', 'docs', 'Documentation'],
    ['/resources', 'resources', 'Resources'],
    ['/comparison', 'comparison', 'Comparison'],
    ['/service-providers', 'service-providers', 'Service Providers'],
    ['/code', 'code', 'Code'],
    ['/agents-gallery', 'agents-gallery', 'Agent Gallery'],
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'cookie-policy', 'Cookie Policy'],
    ['/pricing/', 'pricing', 'Pricing'],
    ['/no-such-page', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/pricing/extra', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/homework', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/silent-check-sso', 'landing', 'AI Agents on a Private GenAI Stack'],
  ])('%s → %s (%s)', (path, name, title) => {
    for (const viewer of [visitor, user, admin]) {
      const r = at(path, viewer);
      expect(r).toMatchObject({ name, title, shell: 'marketing', view: 'page' });
    }
  });

  it('keeps anchors and query', () => {
    expect(at('/resources?x=1#roi-calculator')).toMatchObject({ name: 'resources', hash: 'roi-calculator', query: { x: '1' } });
    expect(at('/#industry-use-cases')).toMatchObject({ name: 'landing', hash: 'industry-use-cases' });
  });
});

describe('titles', () => {
  it.each([
    ['/home', 'Command Center'],
    ['/dashboard', 'Dashboard'],
    ['/admin/pings', 'Ping Dashboard'],
    ['/admin/licenses', 'License Admin'],
    ['/admin/balances', 'Manage User Balance'],
    ['/admin/mail', 'Sent Mail'],
    ['/admin/customers', 'Customers'],
    ['/admin/customers/id/8d0b1f9e-0000-4000-8000-000000000000', 'Customers'],
    ['/licenses', 'Licenses'],
    ['/balance', 'Balance & Billing'],
    ['/agents', 'Agent Gallery'],
    ['/deployments', 'Hosted Deployments'],
    ['/app', 'Hosted Deployments'],
    ['/private-deployments/category/local', 'Private Deployments'],
    ['/test-dashboard?run=abc', 'Test Dashboard'],
    ['/account', 'Account'],
    ['/auth/callback?code=x&state=y', 'Signing in'],
  ])('%s → %s', (path, title) => {
    expect(at(path).title).toBe(title);
  });

  it('appends the product name', () => {
    expect(documentTitle('Pricing', 'Helix')).toBe('Pricing | Helix');
    expect(documentTitle('Pricing', undefined)).toBe('Pricing');
  });
});

describe('view per viewer', () => {
  it('shows an admin route to admins only', () => {
    expect(at('/dashboard', visitor)).toMatchObject({ name: 'admin-deployments', shell: 'app', view: 'command-center' });
    expect(at('/dashboard', user)).toMatchObject({ name: 'admin-deployments', shell: 'app', view: 'command-center' });
    expect(at('/dashboard', admin)).toMatchObject({ name: 'admin-deployments', shell: 'app', view: 'page' });
    expect(at('/admin/pings', user).view).toBe('admin-only');
    expect(at('/licenses', visitor).view).toBe('public');
  });
});

describe('teams (issue 34)', () => {
  it('/teams lists them, /teams/id/<id> is one team', () => {
    expect(at('/teams')).toMatchObject({ name: 'teams', shell: 'app', view: 'page', params: {} });
    expect(at('/teams/id/11111111-2222-4333-8444-555555555555')).toMatchObject({ name: 'teams', params: { id: '11111111-2222-4333-8444-555555555555' } });
    expect(at('/teams', visitor).view).toBe('public');
  });

  it('/invitations/<token> is the invitation, the token its one parameter', () => {
    expect(at('/invitations/abcDEF_123-xyz0123456789')).toMatchObject({ name: 'invitation', shell: 'app', params: { token: 'abcDEF_123-xyz0123456789' } });
    expect(at('/invitations/abc', visitor).view).toBe('public');
  });
});
