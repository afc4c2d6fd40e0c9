import type { WireDeploymentStatus } from '../../../shared/deployments/vocabulary';
import { statusTone } from './format';

/** installing, running and failed in their colours; any other status as given. */
export function StatusBadge({ status }: { status: WireDeploymentStatus }) {
  const tone = statusTone(status);
  return (
    <span className={`status-badge status-${tone}`} data-testid="status-badge">
      <span className="status-badge-dot" aria-hidden="true" />
      {status}
    </span>
  );
}
