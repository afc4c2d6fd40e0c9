import type { AdminChangeLicenseBody, License } from '../../../shared/api/licenses';
import type { SupportLevel } from '../../../shared/licenses/vocabulary';

/** The Change License dialog as typed: blank extend keeps the end date; the rest starts at the licence's values. */
export interface ChangeLicenseForm {
  extendWeeks: string;
  perpetual: boolean;
  users: string;
  gpus: string;
  support: SupportLevel;
}

export function changeFormOf(l: Pick<License, 'expires' | 'users_limit' | 'gpus_limit' | 'support_level'>): ChangeLicenseForm {
  return { extendWeeks: '', perpetual: l.expires === null, users: l.users_limit ? String(l.users_limit) : '', gpus: l.gpus_limit ? String(l.gpus_limit) : '', support: l.support_level };
}

const numberOr = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** Only what differs from the licence goes to the server; undefined when nothing does. */
export function changeBody(l: Pick<License, 'expires' | 'users_limit' | 'gpus_limit' | 'support_level'>, form: ChangeLicenseForm): AdminChangeLicenseBody | undefined {
  const was = changeFormOf(l);
  const weeks = form.perpetual ? undefined : numberOr(form.extendWeeks);
  const users = numberOr(form.users);
  const gpus = numberOr(form.gpus);
  const body: AdminChangeLicenseBody = {
    ...(weeks === undefined ? {} : { extend_weeks: weeks }),
    ...(form.perpetual === was.perpetual ? {} : { perpetual: form.perpetual }),
    ...(users === undefined || form.users === was.users ? {} : { users_limit: users }),
    ...(gpus === undefined || form.gpus === was.gpus ? {} : { gpus_limit: gpus }),
    ...(form.support === was.support ? {} : { support_level: form.support }),
  };
  return Object.keys(body).length ? body : undefined;
}
