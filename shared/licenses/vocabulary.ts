/** The licences domain's words, defined once for the database columns, the API schemas and the UI. */

export const licenseTypes = ['community', 'trial', 'enterprise'] as const;
export type LicenseType = (typeof licenseTypes)[number];

export const supportLevels = ['none', 'email', 'premium'] as const;
export type SupportLevel = (typeof supportLevels)[number];

/** What is stored: an enterprise licence waits for its payment; the others are active at once; an administrator may revoke one. */
export const licenseStatuses = ['pending', 'active', 'revoked'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];
/** What is shown: an active licence past its end date reads as expired. */
export type LicenseDisplayStatus = LicenseStatus | 'expired';

/** `none` for free licences; enterprise licences go from pending to paid. */
export const paymentStatuses = ['none', 'pending', 'paid'] as const;
