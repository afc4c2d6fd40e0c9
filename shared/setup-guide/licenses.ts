/** The fields of a license the guide reads (public-site 3, "License (dashboard and guide reads)"). */
export interface GuideLicense {
  id: string;
  license_key: string | null;
  status: string;
  organization_name: string;
  type: string;
  expires: string | null;
}

export type LicenseChoice<L extends GuideLicense> = { kind: 'active'; license: L } | { kind: 'all-expired'; expired: L[] } | { kind: 'none'; hasLicenses: boolean };

function isExpired(l: GuideLicense, now: Date): boolean {
  if (!l.expires) return false;
  const at = Date.parse(l.expires);
  return !Number.isNaN(at) && at <= now.getTime();
}

/** Spec 5: active means a key, status active, and no expiry or a future one. */
export function isActiveLicense(l: GuideLicense, now: Date): boolean {
  return Boolean(l.license_key) && l.status === 'active' && !isExpired(l, now);
}

/**
 * Spec 4/8: the first active license fills the key; when every license has expired they are
 * listed with a warning; otherwise (none at all, or only pending ones) the key is typed in.
 */
export function chooseLicense<L extends GuideLicense>(licenses: L[], now: Date): LicenseChoice<L> {
  const active = licenses.find((l) => isActiveLicense(l, now));
  if (active) return { kind: 'active', license: active };
  if (licenses.length > 0 && licenses.every((l) => isExpired(l, now))) return { kind: 'all-expired', expired: licenses };
  return { kind: 'none', hasLicenses: licenses.length > 0 };
}

/** Spec 8 texts, kept word for word inside a full sentence. */
export const licenseMessages = {
  allExpired: 'Warning: all your licenses have expired; generate a new one or contact support.',
  none: "It looks like you don't have any licenses yet; click Manage Licenses to create one.",
} as const;
