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
