import type { SetupStep } from '../../../shared/api/deployments';

export interface SetupSummary {
  done: number;
  total: number;
  /** the running step, else the first failed one, else the first not completed; undefined when all are done */
  current: SetupStep | undefined;
}

export function setupSummary(steps: readonly SetupStep[]): SetupSummary {
  const done = steps.filter((s) => s.completed).length;
  const current = steps.find((s) => s.status === 'running') ?? steps.find((s) => s.status === 'failed') ?? steps.find((s) => !s.completed);
  return { done, total: steps.length, current };
}

export function stepStatusLabel(step: SetupStep): string {
  switch (step.status) {
    case 'completed':
      return 'Completed';
    case 'running':
      return 'Running';
    case 'failed':
      return 'Failed';
    default:
      return 'Pending';
  }
}
