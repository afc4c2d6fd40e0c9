import type { Page } from 'playwright-core';

/**
 * What every screen of the sweep must hold, measured inside the page in one round trip: the
 * document no wider than the window; every table in a sideways-scrolling container with an edge
 * cue (or stacked into cards below 768 px) that nothing clips; every open popover, menu, dialog and
 * panel inside the window; no emoji in the text (icons and flags are SVG). Every table of the app
 * names its key columns (`th[data-key]`: its actions, amounts, details); at 375 px and from 1280 px
 * their cells are inside the window without a sideways scroll (stacked rows below 768 px, a table that
 * fits above). Answers one line per problem.
 */
export function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.id ?? '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}${id ? ` "${id}"` : ''}>`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };

    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > vw + 1) problems.push(`the document is ${docWidth} px wide in a ${vw} px window`);

    for (const table of document.querySelectorAll('table')) {
      if (!visible(table)) continue;
      // stacked into cards: the rows are no longer a table's rows
      if (vw < 768 && getComputedStyle(table).display !== 'table') continue;
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && scroller !== document.body && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      if (!scroller || scroller === document.body) {
        if (table.getBoundingClientRect().right > vw + 1) problems.push(`${describe(table)} runs past the window and is in no scrolling container`);
        continue;
      }
      const overflow = getComputedStyle(scroller).overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll') {
        if (table.scrollWidth > scroller.clientWidth + 1) problems.push(`${describe(table)} is clipped by ${describe(scroller)} (overflow-x: ${overflow})`);
        continue;
      }
      if (!getComputedStyle(scroller).backgroundImage.includes('gradient')) problems.push(`${describe(scroller)} scrolls sideways without an edge cue`);
      const box = scroller.getBoundingClientRect();
      for (let outer = scroller.parentElement; outer && outer !== document.body; outer = outer.parentElement) {
        if (getComputedStyle(outer).overflowX === 'visible') continue;
        const o = outer.getBoundingClientRect();
        if (box.right > o.right + 1 || box.left < o.left - 1) problems.push(`${describe(scroller)} is clipped by ${describe(outer)}`);
      }
      if (box.right > vw + 1) problems.push(`${describe(scroller)} ends at ${Math.round(box.right)} px, past the ${vw} px window`);
    }

    // The key columns: in view as the page opens, not somewhere a sideways scroll away.
    if (vw <= 375 || vw >= 1280) {
      for (const table of document.querySelectorAll<HTMLTableElement>('.app-main table')) {
        if (!visible(table)) continue;
        const keys = [...table.querySelectorAll<HTMLTableCellElement>(':scope > thead > tr > th[data-key]')];
        if (keys.length === 0) {
          problems.push(`${describe(table)} names no key columns`);
          continue;
        }
        const row = [...(table.tBodies[0]?.rows ?? [])].find((r) => r.cells.length > 1);
        for (const th of keys) {
          const name = th.textContent?.trim() || `column ${th.cellIndex + 1}`;
          // stacked, the column title is hidden and the row's cell shows where the field is
          const cell = getComputedStyle(table).display === 'table' ? th : row?.cells[th.cellIndex];
          if (!cell || !visible(cell)) continue;
          let right = vw;
          for (let box = cell.parentElement; box && box !== document.body; box = box.parentElement) {
            if (getComputedStyle(box).overflowX !== 'visible') right = Math.min(right, box.getBoundingClientRect().right);
          }
          const r = cell.getBoundingClientRect();
          if (r.right > right + 1 || r.left < -1)
            problems.push(`${describe(table)}: key column "${name}" spans x ${Math.round(r.left)}–${Math.round(r.right)}, out of view (visible up to ${Math.round(right)} px)`);
        }
      }
    }

    const overlays = 'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], .notification-panel, .drawer-open .sidebar, .menu';
    for (const el of document.querySelectorAll(overlays)) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      const fixed = getComputedStyle(el).position === 'fixed';
      if (r.left < -1 || r.right > vw + 1) problems.push(`${describe(el)} spans x ${Math.round(r.left)}–${Math.round(r.right)}, outside the ${vw} px window`);
      if (r.top < -1 || (fixed && r.bottom > vh + 1)) problems.push(`${describe(el)} spans y ${Math.round(r.top)}–${Math.round(r.bottom)}, outside the ${vh} px window`);
    }

    // Emoji used as icons or flags (©, ®, ™ and arrows are typography, not emoji).
    const emoji = /(?![\u00a9\u00ae\u2122\u2190-\u21ff\u2000-\u206f])[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const m = emoji.exec(text);
      const parent = node.parentElement;
      if (!m || !parent || parent.closest('script, style, noscript, .xterm')) continue;
      found.add(`"${m[0]}" in ${describe(parent)}: ${text.trim().slice(0, 40)}`);
    }
    problems.push(...[...found].map((f) => `emoji in the text: ${f}`));
    return problems;
  });
}
