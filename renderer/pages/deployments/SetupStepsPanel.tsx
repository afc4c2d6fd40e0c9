import { useId, useState } from 'react';
import type { SetupStep } from '../../../shared/api/deployments';
import { ApiError } from '../../api/client';
import { toast } from '../../shell/toast-store';
import { useRerunStep, useSetupSteps } from '../../queries/deployments';
import { Icon } from '../../shell/icons';
import { setupSummary, stepIcon, stepStatusLabel } from './setup-steps';

function rerunErrorText(err: unknown): string {
  return err instanceof ApiError && typeof (err.body as { error?: unknown } | undefined)?.error === 'string' ? err.message : 'Failed to rerun setup step';
}

function StepItem({ deploymentId, step }: { deploymentId: string; step: SetupStep }) {
  const rerun = useRerunStep();
  const onRerun = () => rerun.mutate({ id: deploymentId, stepId: step.id }, { onError: (err) => toast({ kind: 'error', title: 'Setup Step Failed', message: rerunErrorText(err) }) });
  return (
    <li className={`setup-step step-${step.status}`}>
      <span className="step-icon">
        <Icon name={stepIcon(step)} size={16} />
      </span>
      <span className="step-description">
        {step.description}
        {step.error && <small className="step-error">{step.error}</small>}
      </span>
      <span className={`step-status step-status-${step.status}`}>{stepStatusLabel(step)}</span>
      {step.completed && (
        <button type="button" className="btn btn-small" onClick={onRerun} disabled={rerun.isPending}>
          {rerun.isPending ? 'Rerunning...' : 'Rerun'}
        </button>
      )}
    </li>
  );
}

/** A GPU deployment's setup: current step, done/total, and the expandable list with Rerun on completed steps. */
export function SetupStepsPanel({ deploymentId }: { deploymentId: string }) {
  const ids = useId();
  const steps = useSetupSteps(deploymentId);
  const [expanded, setExpanded] = useState(false);

  if (!steps.data || steps.data.length === 0) return null;
  const { done, total, current } = setupSummary(steps.data);
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);

  return (
    <div className="setup-steps" data-testid="setup-steps">
      <div className="setup-head">
        <span className="setup-title">Setup</span>
        <span className="setup-current">
          {current ? (
            <>
              <Icon name={stepIcon(current)} size={16} /> {current.description}
            </>
          ) : (
            'All steps completed'
          )}
        </span>
        <span className="setup-count" data-testid="setup-count">
          {done}/{total}
        </span>
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={`${ids}-steps`} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Hide steps' : 'Show steps'}
        </button>
      </div>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-label="Setup progress">
        <span style={{ width: `${percent}%` }} />
      </div>
      {expanded && (
        <ol id={`${ids}-steps`} className="setup-list">
          {steps.data.map((s) => (
            <StepItem key={s.id} deploymentId={deploymentId} step={s} />
          ))}
        </ol>
      )}
    </div>
  );
}
