import type { Locator, Page } from 'playwright-core';

/** The /resources page: its four expandable sections, the architecture explorer and the ROI calculator. */
export class ResourcesPage {
  constructor(private readonly page: Page) {}

  async open(hash = ''): Promise<void> {
    await this.page.goto(`/resources${hash}`);
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
    return this.page.getByTestId(`roi-${name}`).locator('.roi-figure-value');
  }
  get insights(): Locator {
    return this.page.getByTestId('roi-insights');
  }
  get monthlyRows(): Locator {
    return this.page.getByTestId('roi-monthly-table').locator('tbody tr');
  }
  get chartValueLine(): Locator {
    return this.page.getByTestId('roi-chart-value');
  }
  get chartDescription(): Locator {
    return this.page.getByTestId('roi-chart-description');
  }
  get paybackMark(): Locator {
    return this.page.getByTestId('roi-chart-payback');
  }
  get assumptions(): Locator {
    return this.page.getByTestId('roi-assumptions');
  }
  get explanation(): Locator {
    return this.page.getByTestId('architecture-explanation');
  }
}
