import { PageObject } from './page-object';

/** An administrator's alert preferences on the Account page. */
export class AdminAlertPreferencesForm extends PageObject {
  readonly form = this.page.getByRole('form', { name: 'Administrator alert preferences' });
  readonly transferDays = this.form.getByLabel('N (days)');
  readonly versionsBehind = this.form.getByLabel('N (minor versions)');
  readonly save = this.form.getByRole('button', { name: 'Save alert preferences' });
  /** the on/off checkbox of one alert, by its label */
  alert(label: string) {
    return this.form.getByRole('checkbox', { name: label });
  }
}

/** The Alerts page (/admin/alerts): the history, "Send test alert" and each alert's webhook delivery. */
export class AlertsPage extends PageObject {
  readonly table = this.testId('alerts-table');
  readonly testForm = this.page.getByRole('form', { name: 'Try an alert' });
  readonly testKind = this.testForm.getByLabel('Alert');
  readonly sendTest = this.testForm.getByRole('button', { name: 'Send test alert' });
  readonly show = this.page.getByLabel('Show');
  readonly webhook = this.testId('alert-webhook');
  /** the row of the alert with this title */
  row(title: string) {
    return this.table.getByTestId('alert-row').filter({ hasText: title });
  }
}
