import { describe, expect, it } from 'vitest';
import type { SetupStep } from '../../../shared/api/deployments';
import { setupSummary, stepIcon } from './setup-steps';

const step = (id: string, status: SetupStep['status']): SetupStep => ({ id, description: `Step ${id}`, emoji: '🔧', status, completed: status === 'completed', error: null });

describe('setup steps', () => {
  it('counts done/total and names the current step', () => {
    expect(setupSummary([step('a', 'completed'), step('b', 'running'), step('c', 'pending')])).toMatchObject({ done: 1, total: 3, current: { id: 'b' } });
    expect(setupSummary([step('a', 'completed'), step('b', 'pending')])).toMatchObject({ done: 1, total: 2, current: { id: 'b' } });
    expect(setupSummary([step('a', 'completed'), step('b', 'failed'), step('c', 'pending')]).current?.id).toBe('b');
    expect(setupSummary([step('a', 'completed')])).toEqual({ done: 1, total: 1, current: undefined });
  });

  it.each([
    ['gpu-drivers', 'monitor'],
    ['gpu-runtime', 'cog'],
    ['helix-install', 'rocket'],
    ['models', 'brain'],
    ['verify', 'check-circle'],
  ])('draws step %s with the %s icon, not its emoji', (id, icon) => expect(stepIcon({ id })).toBe(icon));
});
