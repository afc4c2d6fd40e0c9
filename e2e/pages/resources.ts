import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The /resources page: its four expandable sections, the architecture explorer and the ROI calculator. */
export class ResourcesPage extends PageObject {
  async open(hash = ''): Promise<void> {
    await this.goto(`/resources${hash}`);
  }

  section(id: 'technical-architecture' | 'compliance-legal' | 'roi-calculator' | 'implementation-guide'): Locator {
    return this.page.locator(`details#${id}`);
  }
  async isOpen(id: Parameters<ResourcesPage['section']>[0]): Promise<boolean> {
    return this.section(id).evaluate((d) => (d as HTMLDetailsElement).open);
  }
  async expand(id: Parameters<ResourcesPage['section']>[0]): Promise<void> {
    if (!(await this.isOpen(id))) await this.section(id).locator('summary').click();
  }

  /** an ROI input by its form id (roiWorkers, roiIndustry, …) */
  input(id: string): Locator {
    return this.page.locator(`#${id}`);
  }
  figure(name: 'capacity' | 'hires' | 'revenue' | 'projects' | 'risk' | 'quality' | 'total' | 'investment' | 'first-year' | 'payback' | 'second-year'): Locator {
    return this.testId(`roi-${name}`).locator('.roi-figure-value');
  }
  readonly insights = this.testId('roi-insights');
  readonly monthlyRows = this.testId('roi-monthly-table').locator('tbody tr');
  readonly chartValueLine = this.testId('roi-chart-value');
  readonly chartDescription = this.testId('roi-chart-description');
  readonly paybackMark = this.testId('roi-chart-payback');
  readonly assumptions = this.testId('roi-assumptions');
  readonly explanation = this.testId('architecture-explanation');
}
