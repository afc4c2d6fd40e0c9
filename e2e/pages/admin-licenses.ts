import type { Locator } from 'playwright-core';
import { FilterBar } from './filter-bar';
import { buttonIn, PageObject } from './page-object';

/** License Admin: the table of all licenses and the Create License form. */
export class AdminLicensesPage extends PageObject {
  readonly table = this.testId('admin-licenses');
  readonly rows = this.testId('admin-license-row');
  readonly pageLabel = this.testId('admin-licenses-page');
  readonly createForm = this.testId('admin-create-license');
  readonly email = this.createForm.getByLabel('User email');
  readonly organization = this.createForm.getByLabel('Organization name');
  readonly usersLimit = this.createForm.getByLabel('Users limit (optional)');
  readonly support = this.createForm.getByLabel('Support level');
  readonly perpetual = this.createForm.getByLabel('Perpetual');
  readonly duration = this.createForm.getByLabel('Duration (weeks)');
  readonly createButton = this.createForm.getByRole('button', { name: /^(Create License|Creating\.\.\.)$/ });
  /** the question asked when no account uses the e-mail */
  readonly unknownEmailQuestion = this.testId('unknown-email-question');
  readonly revokeDialog = this.testId('revoke-license-dialog');
  readonly revokeReason = this.revokeDialog.getByLabel('Reason (required)');
  readonly revokeButton = this.revokeDialog.getByRole('button', { name: 'Revoke License' });
  readonly revokedHashes = this.testId('revoked-hashes');
  readonly revokedHashLines = this.testId('revoked-hashes-lines');
  /** the search, filters and exports above the table (issue 30) */
  readonly filters = new FilterBar(this.page.locator('form.adm-lic-filters'));
  readonly expiringWithin = this.filters.field('Expiring within (days)');
  readonly total = this.testId('admin-licenses-total');

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
    return buttonIn(row, 'Mark as Paid');
  }
  action(row: Locator, name: 'Revoke' | 'Extend / Change' | 'Re-send Key'): Locator {
    return buttonIn(row, name);
  }

  /** the sort button of a column header */
  sortBy(column: string): Locator {
    return this.table.locator('thead').getByRole('button', { name: column, exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/admin/licenses');
    await this.table.waitFor();
  }
}
