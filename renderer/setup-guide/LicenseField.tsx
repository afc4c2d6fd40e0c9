import type { License } from '../../shared/api/licenses';
import { type LicenseChoice, licenseMessages } from '../../shared/setup-guide/licenses';
import { ManageLicensesLink } from './ManageLicensesLink';
import { SecretInput } from './SecretInput';
import { formatDate } from '../../shared/format/dates';

interface Props {
  value: string;
  onChange(value: string): void;
  signedIn: boolean;
  choice: LicenseChoice<License> | undefined;
}

function expiryDate(iso: string | null): string {
  return iso ? formatDate(iso) : '';
}

/** Spec 4/8: filled from the first active license; otherwise typed in, with the expired list or the no-license message. */
export function LicenseField({ value, onChange, signedIn, choice }: Props) {
  const active = choice?.kind === 'active' && value === choice.license.license_key ? choice.license : undefined;
  return (
    <div className="sg-license" data-testid="license-field">
      <SecretInput
        label="License key"
        value={value}
        onChange={onChange}
        placeholder="Paste your license key"
        hint={active ? `Filled from your ${active.type} license for ${active.organization_name}.` : undefined}
      />
      {choice?.kind === 'all-expired' && (
        <div className="notice notice-warning" role="alert">
          <p>{licenseMessages.allExpired}</p>
          <ul className="sg-expired">
            {choice.expired.map((l) => (
              <li key={l.id}>
                {l.organization_name} ({l.type}) — expired {expiryDate(l.expires)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {choice?.kind === 'none' && !choice.hasLicenses && <p className="sg-hint">{licenseMessages.none}</p>}
      {!signedIn && <p className="sg-hint">Sign in to fill in your license key automatically, or paste one.</p>}
      <ManageLicensesLink />
    </div>
  );
}
