import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The public marketing site: its pages, footer and the parts of /deployment and the legal pages a visitor uses. */
export class MarketingSite extends PageObject {
  readonly main = this.page.locator('#main');
  /** the page's h1, whichever page it is */
  readonly heading = this.main.locator('h1').first();
  readonly footer = this.page.locator('footer.site-footer');
  footerLegalLink(name: string): Locator {
    return this.footer.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name, exact: true });
  }

  readonly installCommand = this.testId('install-command');
  readonly installCode = this.installCommand.locator('code');
  osOption(label: string): Locator {
    return this.installCommand.getByRole('radio', { name: label });
  }
  readonly gpuCheckbox = this.installCommand.getByRole('checkbox', { name: 'This machine has an NVIDIA GPU' });
  copyButton(name: string | RegExp): Locator {
    return this.installCommand.getByRole('button', { name });
  }

  readonly comparisonTable = this.main.getByRole('table', { name: /compared with SaaS AI providers/ });
  readonly governingLawTable = this.main.getByRole('table', { name: 'Governing law and disputes by customer domicile' });
  tocLink(name: string): Locator {
    return this.main.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name, exact: true });
  }

  async open(path: string): Promise<void> {
    await this.goto(path);
  }

  /** Waits for `{title} | {product}`: the product part arrives with the public config. */
  async waitForTitle(title: string): Promise<string> {
    await this.page.waitForFunction((t) => document.title.startsWith(`${t} | `), title, { timeout: 10_000 });
    return this.page.title();
  }

  /** Marks the loaded document so a later check can tell a client-side navigation from a reload. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  }
  async isSameDocument(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
  }
}
