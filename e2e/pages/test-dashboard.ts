import type { Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The Test Dashboard as a person uses it: the type filter, the runs table, one run's detail and the screenshot viewer. */
export class TestDashboardPage extends PageObject {
  async open(path = '/test-dashboard'): Promise<void> {
    await this.page.goto(path);
  }

  readonly typeFilter = this.page.getByLabel('Test Type');
  readonly rows = this.testId('test-run-row');
  row(runId: string): Locator {
    return this.page.locator(`[data-testid=test-run-row][data-run-id="${runId}"]`);
  }
  readonly emptyState = this.page.getByText('No test runs found', { exact: true });
  readonly loginMessage = this.page.getByText('Please log in to view test runs', { exact: true });

  readonly detail = this.testId('test-run-detail');
  readonly backButton = this.detail.getByRole('button', { name: 'Back to test runs' });
  readonly conversationLogs = this.detail.getByTestId('conversation-log');
  readonly executionLog = this.detail.getByRole('region', { name: 'Execution Log' });
  /** a log's text box, by its accessible name (the file name, or "Execution log") */
  logText(name: string): Locator {
    return this.detail.getByLabel(name, { exact: true });
  }
  showMore(scope: Locator): Locator {
    return scope.getByRole('button', { name: /^Show More \(\d+ more lines?\)$/ });
  }
  readonly screenshotThumbs = this.detail.getByTestId('screenshot-thumb');
  readonly viewer = this.testId('screenshot-viewer');

  async filterBy(label: 'All Tests' | 'OAuth Integration' | 'Smoke Tests'): Promise<void> {
    await this.typeFilter.selectOption({ label });
  }

  /** The run's cell texts: status, test, branch, commit, duration, screenshots, created. */
  async cells(runId: string): Promise<string[]> {
    return (await this.row(runId).locator('td').allTextContents()).map((t) => t.trim());
  }
}
