import { z } from 'zod';
import { file, json, jsonBody, routesOf } from './route';
import { safeText } from './text';
import { minEnterpriseUsers } from '../licenses/pricing';

import { licenseTypes, paymentStatuses, supportLevels } from '../licenses/vocabulary';
import { csvFormat, listAccount, listDirection, listPage, listSearch, sortOf } from './list-query';

const organization = safeText({ required: 'Please enter your organization name', max: 200, label: 'Organization name' });
const count = (min: number, max: number, what: string) => z.number().int(`${what} must be a whole number`).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);

/** POST /api/licenses: limits and support only for enterprise. */
export const createLicenseBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('community'), organization_name: organization }),
  z.object({ type: z.literal('trial'), organization_name: organization }),
  z.object({
    type: z.literal('enterprise'),
    organization_name: organization,
    users_limit: count(minEnterpriseUsers, 100_000, 'users_limit').default(minEnterpriseUsers),
    gpus_limit: count(0, 10_000, 'gpus_limit').default(0),
    support_level: z.enum(supportLevels).default('none'),
  }),
]);
export type CreateLicenseBody = z.infer<typeof createLicenseBody>;

export const license = z.object({
  id: z.string(),
  type: z.enum(licenseTypes),
  organization_name: z.string(),
  created: z.string(),
  status: z.string(),
  payment_status: z.string(),
  license_key: z.string().nullable(),
  users_limit: z.number().nullable(),
  gpus_limit: z.number().nullable(),
  support_level: z.enum(supportLevels),
  expires: z.string().nullable(),
  wire_reference: z.string(),
  amount_cents: z.number().nullable(),
  user_email: z.string().optional(),
  /** administrators only: what the licence costs a year (enterprise: its quote; community and trial: 0) */
  price_cents: z.number().optional(),
  /** set once an administrator revoked it (status `revoked`); the server always sends these three */
  revoked_at: z.string().nullable().optional(),
  revoke_reason: z.string().nullable().optional(),
  /** the licence that took its place when an administrator extended or changed it */
  replaced_by: z.string().nullable().optional(),
  /** the licence its licensee paid to continue this one (Renew) */
  renewed_by: z.string().nullable().optional(),
  /** the licence this one continues once paid (a renewal waiting for its bank transfer) */
  renews: z.string().nullable().optional(),
  /** set while Renew is offered (enterprise and community, from 30 days before it ends): the price (0: community, renewed free), and the new end if renewed now */
  renewal: z.object({ amount_cents: z.number(), until: z.string() }).nullable().optional(),
});
export type License = z.infer<typeof license>;
export const licenseList = z.array(license);

/**
 * What is kept of a licence that left the caller's list (deleted) or was revoked, for the page its
 * old links (notices) open.
 */
export const endedLicenseWire = z.object({
  id: z.string(),
  type: z.enum(licenseTypes),
  organization_name: z.string(),
  /** removed from the list by its holder; the key keeps working until `expires` */
  deleted_at: z.string().nullable(),
  /** who removed it: the member's e-mail; null when not known */
  deleted_by: z.string().nullable(),
  /** an administrator revoked it (or replaced it: `replaced_by`) */
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  /** the licence with a new key that took its place */
  replaced_by: z.string().nullable(),
  status: z.string(),
  expires: z.string().nullable(),
});
export type EndedLicense = z.infer<typeof endedLicenseWire>;

export const licenseIdParam = z.object({ id: z.string().regex(/^lic_[a-z0-9]{20}$/, 'Unknown license') }).describe('license id');

export const licenseCheckoutBody = z.object({
  license_id: licenseIdParam.shape.id,
  users_limit: count(minEnterpriseUsers, 100_000, 'users_limit').default(minEnterpriseUsers),
  gpus_limit: count(0, 10_000, 'gpus_limit').default(0),
  support_level: z.enum(supportLevels).default('none'),
});
export const checkoutUrl = z.object({ checkout_url: z.string() });

export const termsResponse = z.object({ content: z.string() });

/** What License Admin filters by: the stored states and `expired` (active, past its end date). */
export const adminLicenseStatuses = ['pending', 'active', 'expired', 'revoked'] as const;
export const adminLicenseSortKeys = ['id', 'organization', 'email', 'type', 'status', 'payment', 'expires', 'created'] as const;
export type AdminLicenseSortKey = (typeof adminLicenseSortKeys)[number];
/** License Admin's search, filters and order; the CSV export takes the same. */
export const adminLicensesFilters = z.object({
  /** part of the licensee's e-mail, the organisation or the licence id */
  search: listSearch,
  type: z.enum(licenseTypes).optional(),
  status: z.enum(adminLicenseStatuses).optional(),
  payment: z.enum(paymentStatuses).optional(),
  /** active licences whose end date falls within this many days from now */
  expiring_within: z.coerce.number().int().min(1).max(3650).optional(),
  account: listAccount,
  sort: sortOf(adminLicenseSortKeys),
  dir: listDirection,
});
export type AdminLicensesFilters = z.infer<typeof adminLicensesFilters>;
export const adminLicensesQuery = adminLicensesFilters.extend({ page: listPage }).describe('license filters');
export const adminLicensesExportQuery = adminLicensesFilters.extend(csvFormat.shape).describe('license filters');
/** `total`: licences matching the filters, on every page. */
export const adminLicensesResponse = z.object({ licenses: licenseList, total_pages: z.number(), total: z.number() });
export const adminPageSize = 20;

export const adminCreateLicenseBody = z
  .object({
    email: z.email('A valid email is required').max(320),
    organization_name: organization,
    users_limit: count(1, 100_000, 'users_limit').optional(),
    gpus_limit: count(0, 10_000, 'gpus_limit').optional(),
    support_level: z.enum(['email', 'premium']).optional(),
    perpetual: z.boolean().default(false),
    duration_weeks: count(1, 520, 'duration_weeks').optional(),
    /** the admin confirmed an e-mail no account uses yet (else 409 unknownEmailError) */
    confirmUnknownEmail: z.boolean().default(false),
    /** a team's account id: the licence is the team's (its name is the organisation), `email` the member to contact */
    team_id: z.uuid('Unknown team').optional(),
  })
  .refine((b) => b.perpetual || b.duration_weeks !== undefined, { path: ['duration_weeks'], message: 'duration_weeks is required unless perpetual' });
export type AdminCreateLicenseBody = z.infer<typeof adminCreateLicenseBody>;
/** What a client sends (defaults may be left out). */
export type AdminCreateLicenseInput = z.input<typeof adminCreateLicenseBody>;

/** The 409 `details.code` of a create for an e-mail no account uses, until the admin confirms it. */
export const unknownEmailCode = 'unknown_email';

const reason = safeText({ required: 'Please give a reason', max: 500, label: 'Reason' });

/** POST /api/admin/licenses/{id}/revoke */
export const adminRevokeLicenseBody = z.object({ reason });

/**
 * POST /api/admin/licenses/{id}/change: a new key with these changes replaces the licence (the old
 * id is revoked). Fields left out keep their value; `extend_weeks` adds to the current end date
 * (or to now, once expired); `perpetual: true` removes the end date.
 */
export const adminChangeLicenseBody = z
  .object({
    extend_weeks: count(1, 520, 'extend_weeks').optional(),
    perpetual: z.boolean().optional(),
    users_limit: count(1, 100_000, 'users_limit').optional(),
    gpus_limit: count(0, 10_000, 'gpus_limit').optional(),
    support_level: z.enum(supportLevels).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change: give extend_weeks, perpetual, limits or support_level' })
  .refine((b) => !(b.perpetual && b.extend_weeks !== undefined), { path: ['extend_weeks'], message: 'extend_weeks does not apply to a perpetual license' });
export type AdminChangeLicenseBody = z.infer<typeof adminChangeLicenseBody>;

export const resendKeyResponse = z.object({ sent_to: z.string() });

/** One revoked licence as the platform's denylist keys it: hex SHA-256 of the id's bytes, with a short code. */
export const revokedLicenseHash = z.object({
  license_id: z.string(),
  organization_name: z.string(),
  user_email: z.string(),
  revoked_at: z.string(),
  reason: z.string(),
  sha256: z.string(),
  code: z.string(),
});
export const revokedHashesResponse = z.object({
  hashes: z.array(revokedLicenseHash),
  /** one `"<hash>": "<code>",` line per entry, to paste into `revokedLicenseIDHashes` in api/pkg/license/license.go */
  go_map_entries: z.string(),
  /** the whole `var revokedLicenseIDHashes = map[string]string{…}` declaration (the platform's own entries and these), to replace the one in license.go */
  go_map_block: z.string().optional(),
});
export type RevokedHashes = z.infer<typeof revokedHashesResponse>;

/** DELETE /api/licenses/{id} hides the license from the caller's list and answers `true`. */
export const hideLicenseResponse = z.literal(true);

const route = routesOf('licenses');

/** Licenses of the spec's call table, and the public key installations verify keys with. */
export const licensesContract = {
  publicKey: route('visitor', 'licenses.public-key', 'GET /api/licenses/public-key', {
    summary: 'The public key license keys are verified with',
    responses: { 200: file('PEM', 'application/x-pem-file') },
  }),
  terms: route('visitor', 'terms.license', 'GET /api/terms/license', { summary: 'License terms', responses: { 200: json('Terms', termsResponse) } }),
  list: route('user', 'licenses.list', 'GET /api/licenses', { summary: "The caller's licenses", responses: { 200: json('Licenses', licenseList) } }),
  create: route('user', 'licenses.create', 'POST /api/licenses', { summary: 'Create a license', body: jsonBody(createLicenseBody, 'license'), responses: { 201: json('The license', license) } }),
  hide: route('user', 'licenses.hide', 'DELETE /api/licenses/{id}', { summary: 'Hide a license from your list', params: licenseIdParam, responses: { 200: json('Hidden', hideLicenseResponse) } }),
  ended: route('user', 'licenses.ended', 'GET /api/licenses/{id}/ended', {
    summary: 'One of your licenses that was deleted or revoked: when, by whom, why and what replaced it (404 while it is in your list unrevoked, or when it was never yours)',
    params: licenseIdParam,
    responses: { 200: json('The deleted or revoked license', endedLicenseWire) },
  }),
  checkout: route('user', 'licenses.checkout', 'POST /api/license/checkout', {
    summary: 'Pay for an enterprise license',
    body: jsonBody(licenseCheckoutBody, 'checkout'),
    responses: { 200: json('Where to pay', checkoutUrl) },
  }),
  renew: route('user', 'licenses.renew', 'POST /api/licenses/{id}/renew', {
    summary: 'Renew an enterprise license on the same terms from 30 days before it expires: starts its checkout (409 outside that window)',
    params: licenseIdParam,
    responses: { 200: json('Where to pay', checkoutUrl) },
  }),
  renewFree: route('user', 'licenses.renew-free', 'POST /api/licenses/{id}/renew-free', {
    summary:
      'Renew a Community Edition license for another year free of charge, from 30 days before it expires: answers the new license, whose key continues the old one (409 outside that window, or for a paid type)',
    params: licenseIdParam,
    responses: { 200: json('The new license', license) },
  }),
  renewByTransfer: route('user', 'licenses.renew-by-transfer', 'POST /api/licenses/{id}/renew-by-transfer', {
    summary:
      'Renew by bank transfer where BANK_* settings offer it: the renewing license waits for its transfer like a new one (its wire reference, the amount); asking again answers the same one (409 outside the window or without bank transfer)',
    params: licenseIdParam,
    responses: { 200: json('The license waiting for the transfer', license) },
  }),
  adminList: route('admin', 'admin.licenses.list', 'GET /api/admin/licenses', {
    summary: 'Licenses, 20 a page: search by e-mail, organization or id; filter by type, status, payment, expiring within N days; sort by a column (admin)',
    query: adminLicensesQuery,
    responses: { 200: json('A page of licenses', adminLicensesResponse) },
  }),
  adminExport: route('admin', 'admin.licenses.export', 'GET /api/admin/licenses/export', {
    summary: 'The licenses matching the list filters as CSV, newest first; excel=1 adds a UTF-8 byte-order mark (admin)',
    query: adminLicensesExportQuery,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  adminMarkPaid: route('admin', 'admin.licenses.mark-paid', 'POST /api/admin/licenses/{id}/mark-paid', {
    summary: 'Mark a wire-transfer license paid (admin)',
    params: licenseIdParam,
    responses: { 200: json('The license', license) },
  }),
  adminCreate: route('admin', 'admin.licenses.create', 'POST /api/admin/licenses/create', {
    summary: 'Create a license for a user (admin)',
    body: jsonBody(adminCreateLicenseBody, 'license'),
    responses: { 201: json('The license', license) },
  }),
  adminRevoke: route('admin', 'admin.licenses.revoke', 'POST /api/admin/licenses/{id}/revoke', {
    summary: 'Revoke a license with a reason; its id joins the revoked hash list (admin)',
    params: licenseIdParam,
    body: jsonBody(adminRevokeLicenseBody, 'revocation'),
    responses: { 200: json('The revoked license', license) },
  }),
  adminChange: route('admin', 'admin.licenses.change', 'POST /api/admin/licenses/{id}/change', {
    summary: 'Extend a license or change its limits and support: a new key replaces it and its id is revoked (admin)',
    params: licenseIdParam,
    body: jsonBody(adminChangeLicenseBody, 'change'),
    responses: { 201: json('The new license', license) },
  }),
  adminResendKey: route('admin', 'admin.licenses.resend-key', 'POST /api/admin/licenses/{id}/resend-key', {
    summary: 'E-mail the license key to its licensee again (admin)',
    params: licenseIdParam,
    responses: { 200: json('Where it was sent', resendKeyResponse) },
  }),
  adminRevokedHashes: route('admin', 'admin.licenses.revoked-hashes', 'GET /api/admin/licenses/revoked-hashes', {
    summary: "Every revoked license's id hash, in the form of the platform's revokedLicenseIDHashes map (admin)",
    responses: { 200: json('Revoked license hashes', revokedHashesResponse) },
  }),
};
