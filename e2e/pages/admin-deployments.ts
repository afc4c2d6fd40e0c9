import type { Locator } from 'playwright-core';
import { FilterBar } from './filter-bar';
import { PageObject } from './page-object';

/** The admin Deployment Dashboard: every user's deployments, multi-select and delete. */
export class AdminDeploymentsPage extends PageObject {
  readonly table = this.testId('admin-deployments-table');
  readonly rows = this.testId('admin-row');
  /** the search, filters and exports above the table (issue 30) */
  readonly filters = new FilterBar(this.page.locator('form.admin-deployment-filters'));
  readonly providerFilter = this.filters.field('Provider');
  readonly count = this.testId('admin-count');
  row(id: string): Locator {
    return this.page.locator(`[data-testid="admin-row"][data-deployment-id="${id}"]`);
  }
  rowNamed(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
  checkbox(row: Locator): Locator {
    return row.getByRole('checkbox');
  }
  deleteSelectedButton(n: number): Locator {
    return this.page.getByRole('button', { name: `Delete Selected (${n})`, exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.table.waitFor();
  }

  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-deployment-id') ?? ''));
  }
}
