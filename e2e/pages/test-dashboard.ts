import type { Locator, Page } from 'playwright-core';

/** The Test Dashboard as a person uses it: the type filter, the runs table, one run's detail and the screenshot viewer. */
export class TestDashboardPage {
  constructor(private readonly page: Page) {}

  async open(path = '/test-dashboard'): Promise<void> {
    await this.page.goto(path);
  }

  get typeFilter(): Locator {
    return this.page.getByLabel('Test Type');
  }
  get rows(): Locator {
    return this.page.getByTestId('test-run-row');
  }
  row(runId: string): Locator {
    return this.page.locator(`[data-testid=test-run-row][data-run-id="${runId}"]`);
  }
  get emptyState(): Locator {
    return this.page.getByText('No test runs found', { exact: true });
  }
  get loginMessage(): Locator {
    return this.page.getByText('Please log in to view test runs', { exact: true });
  }

  get detail(): Locator {
    return this.page.getByTestId('test-run-detail');
  }
  get backButton(): Locator {
    return this.detail.getByRole('button', { name: 'Back to test runs' });
  }
  get conversationLogs(): Locator {
    return this.detail.getByTestId('conversation-log');
  }
  get executionLog(): Locator {
    return this.detail.getByRole('region', { name: 'Execution Log' });
  }
  /** a log's text box, by its accessible name (the file name, or "Execution log") */
  logText(name: string): Locator {
    return this.detail.getByLabel(name, { exact: true });
  }
  showMore(scope: Locator): Locator {
    return scope.getByRole('button', { name: /^Show More \(\d+ more lines?\)$/ });
  }
  get screenshotThumbs(): Locator {
    return this.detail.getByTestId('screenshot-thumb');
  }
  get viewer(): Locator {
    return this.page.getByTestId('screenshot-viewer');
  }

  async filterBy(label: 'All Tests' | 'OAuth Integration' | 'Smoke Tests'): Promise<void> {
    await this.typeFilter.selectOption({ label });
  }

  /** The run's cell texts: status, test, branch, commit, duration, screenshots, created. */
  async cells(runId: string): Promise<string[]> {
    return (await this.row(runId).locator('td').allTextContents()).map((t) => t.trim());
  }
}
