import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
export const axeScriptPath = require.resolve('axe-core/axe.min.js');

export type Impact = Exclude<ImpactValue, null>;
export const impacts: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];
/** What the issue asks to be zero. */
export const blockingImpacts: readonly Impact[] = ['critical', 'serious'];

export interface AxeViolation {
  id: string;
  impact: Impact;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: { resultTypes: string[] }): Promise<AxeResults> };
  }
}

/**
 * Puts axe-core into every page of the context. The app's CSP (script-src 'self') refuses an
 * injected <script> tag, so the script goes in through the DevTools protocol instead, which a page's
 * CSP does not govern.
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: axeScriptPath });
}

/**
 * Waits until the page looks done to a person: an h1 shows, no "Loading" text remains and finite
 * animations (fade-ins that would fool the contrast check) have ended. Returns false if it never did.
 */
export async function waitForSettled(page: Page, timeoutMs = 10_000): Promise<boolean> {
  try {
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: timeoutMs });
    await page.waitForFunction(() => !/Loading/.test(document.body.innerText) && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: timeoutMs });
    await page.evaluate(async () => {
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    });
    return true;
  } catch {
    return false;
  }
}

function toViolation(result: Result): AxeViolation {
  return {
    id: result.id,
    impact: result.impact ?? 'minor',
    help: result.help,
    nodes: result.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: n.failureSummary ?? '' })),
  };
}

/** axe.run on the whole document, violations only. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const results = await page.evaluate(async () => {
    if (!window.axe) throw new Error('axe-core is not in the page (installAxe on the context first)');
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    // Only the plain-data part crosses back to node.
    return JSON.parse(JSON.stringify(r.violations)) as Result[];
  });
  return results.map(toViolation);
}

export type ImpactCounts = Record<Impact, number>;

/** Violations by impact; a rule failing on three nodes counts three. */
export function countByImpact(violations: readonly AxeViolation[]): ImpactCounts {
  const counts: ImpactCounts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) counts[v.impact] += v.nodes.length;
  return counts;
}

export interface AxeRow {
  route: string;
  viewport: string;
  signedIn: string;
  counts: ImpactCounts;
}

/** route × viewport × signed-in → counts by impact, then the total line. */
export function formatAxeTable(rows: readonly AxeRow[]): string {
  const header = ['route', 'viewport', 'signed in', ...impacts];
  const body = rows.map((r) => [r.route, r.viewport, r.signedIn, ...impacts.map((i) => String(r.counts[i]))]);
  const total = impacts.map((i) => String(rows.reduce((sum, r) => sum + r.counts[i], 0)));
  const all = [header, ...body, ['total', `${rows.length} checks`, '', ...total]];
  const widths = header.map((_, c) => Math.max(...all.map((line) => (line[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c < 3 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ');
  return [line(header), ...body.map(line), line(all[all.length - 1] ?? [])].join('\n');
}

/** One line per blocking violation, to say what to fix. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((v) => blockingImpacts.includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target} — ${n.html} — ${n.summary.replace(/\s+/g, ' ')}`));
}
