import { Icon } from '../../shell/icons';
import { lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { deploymentsContract, type Deployment } from '../../../shared/api/deployments';
import { defaultBrand } from '../../../shared/brand';
import { useRoleRefusal } from '../../shell/account/use-role';
import { formatHourlyRate } from '../../../shared/deployments/catalog';
import { formatCents } from '../../../shared/api/billing';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { Countdown } from './Countdown';
import { EditVersionDialog } from './EditVersionDialog';
import { isGpuDeployment } from '../../shell/deployments/format';
import { ProvisioningOutput } from './ProvisioningOutput';
import { RowActions } from './RowActions';
import { SetupStepsPanel } from './SetupStepsPanel';
import { UnpaidWarning } from './UnpaidWarning';
import { StatusBadge } from '../../shell/deployments/StatusBadge';
import { closeTerminal, selectTerminal, useTerminalStore } from './terminal-store';

const updateVersionRoute = deploymentsContract(defaultBrand).updateVersion;

const TerminalPanel = lazy(() => import('../../shell/terminal/TerminalPanel'));

function Terminal({ deployment, toggle }: { deployment: Deployment; toggle: RefObject<HTMLButtonElement | null> }) {
  const open = useTerminalStore(selectTerminal(deployment.id));
  if (!open) return null;
  return (
    <ErrorBoundary label="the terminal">
      <Suspense fallback={<p className="muted terminal-loading">Loading terminal…</p>}>
        <TerminalPanel
          deploymentId={deployment.id}
          deploymentName={deployment.name}
          autoOpened={open.autoOpened}
          onClose={() => closeTerminal(deployment.id)}
          returnFocus={() => toggle.current?.focus()}
        />
      </Suspense>
    </ErrorBoundary>
  );
}

/** One deployment: name, status, rate, version, type badges and countdown; actions; setup steps, terminal and provisioning output below. */
export function DeploymentRow({ deployment }: { deployment: Deployment }) {
  const [editing, setEditing] = useState(false);
  const terminalToggle = useRef<HTMLButtonElement>(null);
  const gpu = isGpuDeployment(deployment);
  const versionRefusal = useRoleRefusal(updateVersionRoute);
  const failed = deployment.status === 'failed';

  return (
    <li className={`deployment-row${failed ? ' is-failed' : ''}`} data-testid="deployment-row" data-deployment-id={deployment.id} data-status={deployment.status}>
      <div className="row-main">
        <div className="row-identity">
          <div className="row-title">
            <h3 className="row-name">{deployment.name}</h3>
            <StatusBadge status={deployment.status} />
          </div>
          <div className="row-meta">
            {gpu ? (
              <>
                <span className="pill pill-gpu">GPU</span>
                <span className="pill pill-private">Private</span>
              </>
            ) : (
              <span className="pill">Trial VM</span>
            )}
            <button
              type="button"
              className="pill pill-button"
              data-testid="version-badge"
              title={versionRefusal ?? (deployment.status === 'updating' ? 'Updating: the version can be changed again once this update has finished' : 'Edit version')}
              disabled={deployment.status === 'updating' || versionRefusal !== undefined}
              onClick={() => setEditing(true)}
            >
              {deployment.version ?? 'No version'}
            </button>
            {!failed && deployment.hourly_rate_cents !== null && <span className="row-rate">{formatHourlyRate(deployment.hourly_rate_cents)}</span>}
            {!failed && deployment.cost_cents !== undefined && (
              <span className="row-cost" data-testid="deployment-cost" title="What this deployment has cost so far: its hourly charges from your balance">
                {formatCents(deployment.cost_cents)} so far
              </span>
            )}
            {deployment.ipv4 && <code className="row-ip">{deployment.ipv4}</code>}
          </div>
        </div>
        <Countdown deploymentId={deployment.id} createdAt={deployment.created_at} timeoutMins={deployment.timeout_mins} />
        <RowActions deployment={deployment} terminalToggle={terminalToggle} />
      </div>
      {failed && deployment.error_message && (
        <p className="row-message row-error" role="alert">
          <Icon name="warning" size={16} /> {deployment.error_message}
        </p>
      )}
      {!failed && deployment.unpaid_terminates_at && <UnpaidWarning deadline={deployment.unpaid_terminates_at} />}
      {gpu && <SetupStepsPanel deploymentId={deployment.id} />}
      <Terminal deployment={deployment} toggle={terminalToggle} />
      <ProvisioningOutput deploymentId={deployment.id} />
      {editing && <EditVersionDialog deployment={deployment} onClose={() => setEditing(false)} />}
    </li>
  );
}
