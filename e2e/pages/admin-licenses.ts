import type { Locator, Page } from 'playwright-core';

/** License Admin: the table of all licenses and the Create License form. */
export class AdminLicensesPage {
  constructor(private readonly page: Page) {}

  get table(): Locator {
    return this.page.getByTestId('admin-licenses');
  }
  get rows(): Locator {
    return this.page.getByTestId('admin-license-row');
  }
  get pageLabel(): Locator {
    return this.page.getByTestId('admin-licenses-page');
  }
  get createForm(): Locator {
    return this.page.getByTestId('admin-create-license');
  }
  get email(): Locator {
    return this.createForm.getByLabel('User email');
  }
  get organization(): Locator {
    return this.createForm.getByLabel('Organization name');
  }
  get usersLimit(): Locator {
    return this.createForm.getByLabel('Users limit (optional)');
  }
  get support(): Locator {
    return this.createForm.getByLabel('Support level');
  }
  get perpetual(): Locator {
    return this.createForm.getByLabel('Perpetual');
  }
  get duration(): Locator {
    return this.createForm.getByLabel('Duration (weeks)');
  }
  get createButton(): Locator {
    return this.createForm.getByRole('button', { name: /^(Create License|Creating\.\.\.)$/ });
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="admin-license-row"][data-license-id="${id}"]`);
  }
  rowsOf(organization: string): Locator {
    return this.rows.filter({ hasText: organization });
  }
  expires(row: Locator): Locator {
    return row.getByTestId('admin-license-expires');
  }
  markPaidButton(row: Locator): Locator {
    return row.getByRole('button', { name: 'Mark as Paid', exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/admin/licenses');
    await this.table.waitFor();
  }
}
