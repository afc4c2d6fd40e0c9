import type { AdminCreateLicenseInput } from '../../../shared/api/licenses';

export const defaultDurationWeeks = 52;
export const createFailedMessage = 'Failed to create license. Please try again.';

/** The admin Create License form as typed. Support '' is None: the field is left out. */
export interface AdminLicenseForm {
  email: string;
  organization: string;
  users: string;
  gpus: string;
  support: '' | 'email' | 'premium';
  perpetual: boolean;
  durationWeeks: string;
}

/** Also the state after a success (spec, section 5): blanks, duration 52, perpetual off. */
export const emptyAdminForm: AdminLicenseForm = {
  email: '',
  organization: '',
  users: '',
  gpus: '',
  support: '',
  perpetual: false,
  durationWeeks: String(defaultDurationWeeks),
};

/** Disabled while a request runs or while email or organization name is empty. */
export function createDisabled(form: AdminLicenseForm, busy: boolean): boolean {
  return busy || form.email.trim() === '' || form.organization.trim() === '';
}

/** Blank means omitted; anything else is sent as typed and the server's contract judges it. */
function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The form for a team's licence (from the team's customer page): the team's name as the organisation. */
export const teamAdminForm = (teamName: string): AdminLicenseForm => ({ ...emptyAdminForm, organization: teamName });

/** POST /api/admin/licenses/create body: limits and support only when given, a duration only when not perpetual, the team when it is a team's. */
export function adminCreateBody(form: AdminLicenseForm, teamId?: string): AdminCreateLicenseInput {
  const users = optionalNumber(form.users);
  const gpus = optionalNumber(form.gpus);
  const weeks = optionalNumber(form.durationWeeks) ?? defaultDurationWeeks;
  return {
    email: form.email.trim(),
    organization_name: form.organization.trim(),
    ...(users === undefined ? {} : { users_limit: users }),
    ...(gpus === undefined ? {} : { gpus_limit: gpus }),
    ...(form.support === '' ? {} : { support_level: form.support }),
    perpetual: form.perpetual,
    ...(form.perpetual ? {} : { duration_weeks: weeks }),
    ...(teamId ? { team_id: teamId } : {}),
  };
}
