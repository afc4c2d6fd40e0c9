import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AgentGalleryPage } from './pages/agents';
import { CommandCenterPage } from './pages/command-center';
import { MarketingSite } from './pages/marketing';
import { PricingPage } from './pages/pricing';
import { useBrowser } from './support/browser';

/** Details a visitor meets on the public site (issue 44, item 8). */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on screen`);
  return box;
}

/** Whether the box lies in the window between the header's bottom edge and the window's bottom, and is what the window shows at its middle. */
async function inViewBelow(page: Page, locator: Locator, headerBottom: number): Promise<boolean> {
  const box = await boxOf(locator);
  const height = page.viewportSize()?.height ?? 0;
  const shown = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top));
  });
  return shown && box.y >= headerBottom - 0.5 && box.y + box.height <= height + 0.5;
}

describe('the licence calculator', () => {
  const browser = useBrowser();

  it.each([
    ['a desktop', { width: 1280, height: 800 }],
    ['a phone', { width: 375, height: 667 }],
  ])('gives its actions one size on %s', async (_where, viewport) => {
    const page = browser.page();
    await page.setViewportSize(viewport);
    const pricing = new PricingPage(page);
    await pricing.open();
    await pricing.openCalculator();
    await pricing.field('Organization name').fill('Acme');
    const first = await boxOf(pricing.getQuote);
    for (const b of await Promise.all([pricing.reset, pricing.copyEstimate].map(boxOf))) {
      expect(Math.abs(b.width - first.width)).toBeLessThan(1);
      expect(Math.abs(b.height - first.height)).toBeLessThan(1);
    }
  });

  it('says why a negative GPU count became 0, and keeps saying it until the count is typed again', async () => {
    const pricing = new PricingPage(browser.page());
    await pricing.open();
    await pricing.openCalculator();
    expect(await pricing.hintOf('Managed GPUs')).toMatch(/^GPUs you run/);

    await pricing.field('Managed GPUs').fill('-3');
    expect(await pricing.hintOf('Managed GPUs')).toBe("GPU count can't be negative: set to 0");
    await pricing.field('Hosted GPUs').fill('-1');
    expect(await pricing.hintOf('Hosted GPUs')).toBe("GPU count can't be negative: set to 0");
    // leaving the field shows the 0 that is priced; the reason stays beside it
    await pricing.field('Number of users').focus();
    expect(await pricing.field('Managed GPUs').inputValue()).toBe('0');
    expect(await pricing.hintOf('Managed GPUs')).toBe("GPU count can't be negative: set to 0");
    expect(await pricing.calculator.getByTestId('row-gpus').textContent()).toContain('0 × $3,600');

    await pricing.field('Managed GPUs').fill('4');
    expect(await pricing.hintOf('Managed GPUs')).toMatch(/^GPUs you run/);
    await pricing.reset.click();
    expect(await pricing.hintOf('Hosted GPUs')).toMatch(/^GPUs we host/);
  });

  it('keeps the total in view on a phone while the form is edited, and beside the form on a desktop', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 375, height: 667 });
    const pricing = new PricingPage(page);
    await pricing.open();
    await pricing.openCalculator();
    const header = await boxOf(page.locator('.site-header'));
    const headerBottom = header.y + header.height;

    await pricing.field('Hosted GPUs').fill('2');
    for (const field of [pricing.field('Organization name'), pricing.field('Hosted GPUs'), pricing.support('Premium support')]) {
      await field.focus();
      // the edited field at the bottom of the window, as a phone's keyboard leaves it
      await field.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(100);
      expect(await inViewBelow(page, pricing.liveTotal, headerBottom)).toBe(true);
    }
    await pricing.support('Premium support').check();
    expect((await pricing.liveTotal.textContent())?.replace('Total per year', '')).toBe(await pricing.total.textContent());

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await pricing.liveTotal.isVisible()).toBe(false);
  });
});

describe('the comparison table', () => {
  const browser = useBrowser();

  it('stacks each capability on a phone with every column’s answer under its name, without a sideways scroll', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 375, height: 740 });
    const site = new MarketingSite(page);
    await site.open('/comparison');
    const table = site.comparisonTable;
    await table.waitFor();
    const layout = await table.evaluate((el) => {
      const region = el.parentElement as HTMLElement;
      const row = el.querySelector('tbody tr') as HTMLElement;
      return {
        pageWidth: document.documentElement.scrollWidth,
        regionOverflow: region.scrollWidth - region.clientWidth,
        cells: [...row.querySelectorAll('td')].map((td) => {
          const r = td.getBoundingClientRect();
          return { label: getComputedStyle(td, '::before').content, left: r.left, right: r.right, top: r.top, text: (td as HTMLElement).innerText };
        }),
      };
    });
    expect(layout.pageWidth).toBeLessThanOrEqual(375);
    expect(layout.regionOverflow).toBeLessThanOrEqual(0);
    expect(layout.cells.map((c) => c.label)).toEqual([expect.stringMatching(/^"\S/), '"SaaS AI providers"', '"Open source / build internally"', '"Enterprise GPU vendor stack"']);
    let above = -Infinity;
    for (const c of layout.cells) {
      expect(c.left).toBeGreaterThanOrEqual(0);
      expect(c.right).toBeLessThanOrEqual(375);
      expect(c.text).toMatch(/^(Yes|Partial|No)/);
      // one under another
      expect(c.top).toBeGreaterThan(above);
      above = c.top;
    }

    // a desktop keeps the table: four answers side by side under their column titles
    await page.setViewportSize({ width: 1440, height: 900 });
    const tops = await table.evaluate((el) => [...el.querySelectorAll('tbody tr:first-child td')].map((td) => Math.round(td.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await table.getByRole('columnheader', { name: 'SaaS AI providers' }).isVisible()).toBe(true);
  });
});

describe('the Command Center', () => {
  const browser = useBrowser();

  it.each([360, 375, 412, 768, 1024, 1280, 1440])('keeps every setup tile’s label inside its border, clear of its padding, at %i px', async (width) => {
    const page = browser.page();
    await page.setViewportSize({ width, height: 900 });
    const center = new CommandCenterPage(page);
    await center.open('/home');
    await center.setupTiles.first().waitFor();
    // the label's text box inside the tile's border, clear of its padding (a label that spills over reaches the border)
    const tiles = await center.setupTiles.evaluateAll((links) =>
      links.map((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        const text = range.getBoundingClientRect();
        const border = a.getBoundingClientRect();
        const css = getComputedStyle(a);
        const inset = (side: 'Left' | 'Right' | 'Top' | 'Bottom') =>
          parseFloat(css.getPropertyValue(`border-${side.toLowerCase()}-width`)) + parseFloat(css.getPropertyValue(`padding-${side.toLowerCase()}`)) - 0.5;
        const inside =
          text.left >= border.left + inset('Left') && text.right <= border.right - inset('Right') && text.top >= border.top + inset('Top') && text.bottom <= border.bottom - inset('Bottom');
        return { label: a.textContent, inside };
      }),
    );
    expect(tiles.map((t) => t.label)).toContain('Kubernetes');
    expect(tiles.filter((t) => !t.inside)).toEqual([]);
  });
});

describe('the gallery’s deploy menu', () => {
  const browser = useBrowser();

  it.each([
    ['a desktop', { width: 1280, height: 560 }],
    ['a phone', { width: 375, height: 560 }],
  ])('opened on a card near the bottom of %s keeps the add form’s Cancel and Add in view, below the site header', async (_where, viewport) => {
    const page = browser.page();
    await page.setViewportSize(viewport);
    const gallery = new AgentGalleryPage(page);
    await gallery.open('/agents-gallery');
    const card = gallery.cards.last();
    const deploy = card.getByTestId('deploy-button');
    // the card's Deploy button just above the window's bottom edge
    await deploy.scrollIntoViewIfNeeded();
    const button = await boxOf(deploy);
    await page.evaluate((dy) => window.scrollBy(0, dy), button.y + button.height - (viewport.height - 16));
    await gallery.openMenu(card);
    await gallery.menu.getByRole('button', { name: '+ Add private deployment' }).click();
    await gallery.addFormAdd.waitFor();
    await page.waitForTimeout(200);

    const header = await boxOf(gallery.header);
    const headerBottom = header.y + header.height;
    expect((await boxOf(gallery.menu)).y).toBeGreaterThanOrEqual(headerBottom);
    expect(await inViewBelow(page, gallery.addFormCancel, headerBottom)).toBe(true);
    expect(await inViewBelow(page, gallery.addFormAdd, headerBottom)).toBe(true);
    // the keyboard goes on in the form
    expect(await gallery.addForm.getByLabel('Name', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await gallery.addFormCancel.click();
    expect(await gallery.addForm.count()).toBe(0);
  });
});
