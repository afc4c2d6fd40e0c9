import { describe, expect, it } from 'vitest';
import { pageComponents } from './pages';
import { appPath, routePaths } from '../../shared/routes/app-paths';
import { headingOf, routeNames, routes, sidebarRoutes } from './table';

describe('the route table', () => {
  it('every route has a non-empty title and a unique path', () => {
    const paths = Object.values(routes).map((m) => m.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const m of Object.values(routes)) expect(m.title.trim()).not.toBe('');
  });

  it('every route has a page, and /home and /admin share one', () => {
    for (const name of routeNames) expect(pageComponents[name]).toBeDefined();
    expect(pageComponents.admin).toBe(pageComponents.home);
    expect(pageComponents.licenses).not.toBe(pageComponents.home);
  });

  it('lists the sidebar in table order', () => {
    expect(sidebarRoutes('main').map((r) => r.sidebar.label)).toEqual(['Home', 'Agents', 'Hosted Deployments', 'Private Deployments', 'Licenses', 'Balance', 'Teams', 'Account']);
    expect(sidebarRoutes('admin').map((r) => r.sidebar.label)).toEqual([
      'Deployment Dashboard',
      'Ping Dashboard',
      'License Admin',
      'Manage User Balance',
      'Documents',
      'Customers',
      'Sent Mail',
      'Audit Log',
      'Alerts',
      'Test Dashboard',
    ]);
  });

  it('takes the heading from the title unless the route names one', () => {
    expect(headingOf('admin-deployments')).toBe('Deployment Dashboard');
    expect(headingOf('balance')).toBe('Balance & Billing');
  });
});

describe('the route table and the shared paths', () => {
  it('takes every path from the shared list the server links with', () => {
    for (const name of routeNames) expect(routes[name].path).toBe(routePaths[name]);
    expect(Object.keys(routePaths).sort()).toEqual([...routeNames].sort());
    expect(appPath('balance')).toBe('/balance');
  });
});
