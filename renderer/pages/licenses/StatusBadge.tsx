import type { License } from '../../../shared/api/licenses';
import { statusLabel, statusTone } from '../../shell/licenses/format';

export function LicenseStatusBadge({ license }: { license: Pick<License, 'status' | 'payment_status' | 'replaced_by'> }) {
  return (
    <span className={`lic-status lic-status-${statusTone(license)}`} data-testid="license-status">
      <span className="lic-status-dot" aria-hidden="true" />
      {statusLabel(license)}
    </span>
  );
}
