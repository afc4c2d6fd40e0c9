import type { SetupStep } from '../../../shared/api/deployments';
import type { IconName } from '../../shell/icons';

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

/** The icon of a setup step, by its id (the API's `emoji` stays for other clients; emoji are boxes on Linux without an emoji font). */
export function stepIcon(step: Pick<SetupStep, 'id'>): IconName {
  if (step.id === 'gpu-drivers') return 'monitor';
  if (step.id === 'gpu-runtime') return 'cog';
  if (step.id === 'models') return 'brain';
  if (step.id === 'verify') return 'check-circle';
  if (step.id.endsWith('-install')) return 'rocket';
  return 'cog';
}
