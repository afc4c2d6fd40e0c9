import type { Locator, Page } from 'playwright-core';

/** The admin Deployment Dashboard: every user's deployments, multi-select and delete. */
export class AdminDeploymentsPage {
  constructor(private readonly page: Page) {}

  get table(): Locator {
    return this.page.getByTestId('admin-deployments-table');
  }
  get rows(): Locator {
    return this.page.getByTestId('admin-row');
  }
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

  /** Clicks a button that asks window.confirm, accepts, and returns the question. */
  async confirmAndClick(button: Locator): Promise<string> {
    const asked = new Promise<string>((resolve) =>
      this.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await button.click();
    return asked;
  }
}
