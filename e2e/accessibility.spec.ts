import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes as routeMeta, type RouteName } from '../renderer/routes/table';
import { AppShell } from './pages/app-shell';
import { blockingImpacts, countByImpact, describeViolations, formatAxeTable, installAxe, runAxe, waitForSettled, type AxeRow } from './support/axe';
import { closeContexts, sharedBrowser } from './support/chromium';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';
import { navigateInApp } from './support/navigate';
import { sweptRoutes, type SweepRole } from './support/swept-routes';

/**
 * axe-core on every route of the route table, signed out, signed in as a user and (admin pages) as
 * the admin: no serious or critical violation anywhere. At desktop width every route; at 375 px
 * what the screen sweep (screens.spec.ts, axe at 375 px on awkward data) does not already check. One
 * browser context per sign-in state, signed in once; a table of counts by impact is printed at the end.
 */

type State = 'signed out' | 'user' | 'admin';
const viewports = { desktop: { width: 1280, height: 800 }, '375px': { width: 375, height: 800 } } as const;
type ViewportName = keyof typeof viewports;

// The sign-in return address only exists for the moment of a redirect (it moves on by itself), so
// checking it would check wherever it lands.
const skipped: RouteName[] = ['auth-callback'];
const names = (Object.keys(routeMeta) as RouteName[]).filter((n) => !skipped.includes(n));
const adminNames = names.filter((n) => routeMeta[n].auth === 'admin');
/** Representative addresses of the parameterised views. */
const withParams = ['/deployments/type/trial-vm', '/private-deployments/category/cloud/provider/aws', '/licenses#enterprise', '/private-deployments/category/onprem/platform/docker'];

const pathsOf = (list: RouteName[]) => list.map((n) => routeMeta[n].path);
const routesFor: Record<State, RouteName[]> = {
  'signed out': names,
  // A signed-in user's view of every non-admin route; admin pages are the admin's.
  user: names.filter((n) => !adminNames.includes(n)),
  admin: adminNames,
};
const sweptAs: Record<State, SweepRole> = { 'signed out': 'visitor', user: 'user', admin: 'admin' };
const pathsFor = (state: State, viewport: ViewportName): string[] => {
  const list = viewport === 'desktop' ? routesFor[state] : routesFor[state].filter((n) => !sweptRoutes[sweptAs[state]].includes(n));
  return [...pathsOf(list), ...(state === 'admin' ? [] : withParams)];
};

describe('accessibility (axe-core)', () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;
  const contexts = new Map<State, { context: BrowserContext; page: Page }>();
  const rows: AxeRow[] = [];
  /** moderate and minor findings, reported but not failing: rule → where */
  const minorFindings = new Map<string, Set<string>>();

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    const minor = [...minorFindings].map(([rule, where]) => `  ${rule}: ${[...where].join(', ')}`);
    process.stdout.write(`\naxe-core violations (nodes) by route × viewport × signed-in:\n${formatAxeTable(rows)}\n${minor.length ? `moderate/minor rules:\n${minor.join('\n')}\n` : ''}\n`);
    await closeContexts(browser);
  });

  async function pageFor(state: State): Promise<Page> {
    const existing = contexts.get(state);
    if (existing) return existing.page;
    const context = await browser.newContext({ baseURL: baseUrl, viewport: viewports.desktop });
    await installAxe(context);
    const page = await context.newPage();
    if (state !== 'signed out') await new AppShell(page).signIn(state === 'admin' ? e2eUsers.admin : e2eUsers.user);
    contexts.set(state, { context, page });
    return page;
  }

  for (const state of ['signed out', 'user', 'admin'] as const) {
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      const paths = pathsFor(state, viewport);
      // The admin's pages at 375 px are all in the sweep.
      if (paths.length === 0) continue;
      it(`${state}, ${viewport}: no serious or critical violations on ${paths.length} routes`, async () => {
        const page = await pageFor(state);
        await page.setViewportSize(viewports[viewport]);
        const problems: string[] = [];
        for (const [i, path] of paths.entries()) {
          if (i === 0) await page.goto(path);
          else await navigateInApp(page, path);
          if (!(await waitForSettled(page))) problems.push(`${path} (${viewport}, ${state}): did not settle (no h1, or "Loading" stayed)`);
          const violations = await runAxe(page);
          rows.push({ route: path, viewport, signedIn: state, counts: countByImpact(violations) });
          problems.push(...describeViolations(`${path} (${viewport}, ${state})`, violations));
          for (const v of violations.filter((x) => !blockingImpacts.includes(x.impact))) {
            const where = minorFindings.get(`${v.id} (${v.impact})`) ?? new Set<string>();
            minorFindings.set(`${v.id} (${v.impact})`, where.add(`${path} [${v.nodes.map((n) => n.target).join(' | ')}]`));
          }
        }
        expect(problems).toEqual([]);
      }, 180_000);
    }
  }
});
