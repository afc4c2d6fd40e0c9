import { describe, expect, it } from 'vitest';
import type { SetupStep } from '../../shared/api/deployments';
import { setupStepsActive } from './deployments';

const step = (id: string, status: SetupStep['status']): SetupStep => ({ id, description: `Step ${id}`, emoji: '🔧', status, completed: status === 'completed', error: null });

describe('setup steps', () => {
  it('polls while any step is pending or running', () => {
    expect(setupStepsActive(undefined)).toBe(false);
    expect(setupStepsActive([])).toBe(false);
    expect(setupStepsActive([step('a', 'completed'), step('b', 'pending')])).toBe(true);
    expect(setupStepsActive([step('a', 'completed'), step('b', 'running')])).toBe(true);
    expect(setupStepsActive([step('a', 'completed'), step('b', 'failed')])).toBe(false);
  });
});
