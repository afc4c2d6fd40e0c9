import type { CreateLicenseBody } from '../../../shared/api/licenses';
import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { minEnterpriseUsers, type SupportLevel } from '../../../shared/licenses/pricing';

/** The enterprise inputs as typed: text, so a half-typed number is not snapped while typing. */
export interface EnterpriseDraft {
  users: string;
  gpus: string;
  support: SupportLevel;
}

export const defaultEnterprise: EnterpriseDraft = { users: String(minEnterpriseUsers), gpus: '0', support: 'none' };

/** What the user has confirmed for the selected type; a new type starts from none of it. */
export interface Agreement {
  terms: boolean;
  underRevenue: boolean;
  underEmployees: boolean;
}

export const noAgreement: Agreement = { terms: false, underRevenue: false, underEmployees: false };

/** The contract's upper bounds (shared/api/licenses.ts). */
export const maxUsers = 100_000;
export const maxGpus = 10_000;

function clamp(text: string, min: number, max: number): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.floor(n)));
}

/** Users: minimum 10, clamped on blur; anything unreadable becomes 10 (spec, section 5). */
export function clampUsers(text: string): number {
  return clamp(text, minEnterpriseUsers, maxUsers);
}

/** GPUs: minimum 0, clamped on blur. */
export function clampGpus(text: string): number {
  return clamp(text, 0, maxGpus);
}

/** Community needs both size confirmations; trial and enterprise need the terms accepted. */
export function confirmationsMade(type: LicenseType, a: Agreement): boolean {
  return type === 'community' ? a.underRevenue && a.underEmployees : a.terms;
}

/** What stops the form being sent: the spec's alert words and the field they are about. */
export interface FormProblem {
  message: string;
  field: 'organization' | 'terms';
}

/** The problem to show (beside the form, its field focused) instead of creating, or undefined when the form may be sent. */
export function validationAlert(type: LicenseType, organization: string, a: Agreement): FormProblem | undefined {
  if (organization.trim() === '') return { message: 'Please enter your organization name', field: 'organization' };
  if (type !== 'community' && !a.terms) return { message: 'Please accept the terms and conditions', field: 'terms' };
  return undefined;
}

/** POST /api/licenses body; limits and support only for enterprise (spec, section 3). */
export function createBody(type: LicenseType, organization: string, e: EnterpriseDraft): CreateLicenseBody {
  const organization_name = organization.trim();
  if (type !== 'enterprise') return { type, organization_name };
  return { type, organization_name, users_limit: clampUsers(e.users), gpus_limit: clampGpus(e.gpus), support_level: e.support };
}
