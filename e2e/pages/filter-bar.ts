import type { Locator } from 'playwright-core';
import { buttonIn } from './page-object';

/** An admin list's filter bar (renderer/shell/FiltersBar.tsx): the search box, a filter by its label, Apply and the exports. */
export class FilterBar {
  readonly search: Locator;
  readonly apply: Locator;
  readonly downloadCsv: Locator;
  readonly downloadExcelCsv: Locator;

  constructor(readonly form: Locator) {
    this.search = form.getByRole('searchbox');
    this.apply = buttonIn(form, 'Apply');
    this.downloadCsv = buttonIn(form, 'Download CSV');
    this.downloadExcelCsv = buttonIn(form, 'CSV for Excel');
  }

  /** a select or number box of the bar by its label ("Provider", "Expiring within (days)") */
  field(label: string): Locator {
    return this.form.getByLabel(label);
  }
}
