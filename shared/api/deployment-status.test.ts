import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultBrand } from '../brand';
import { deploymentStatuses } from '../deployments/vocabulary';
import { deploymentStatus, deploymentWire, setupStep } from './deployments';

const at = '2026-11-26T10:00:00.000Z';
const machine = { id: 'd1', name: 'vm', user_id: 'u1', server_id: null, ipv4: null, ui_url: null, provider: 'local', deployment_config_id: 'trial_vm_hetzner' };
const terms = { hourly_rate_cents: 10, timeout_mins: null, expires_at: null, error_message: null, helix_version: null };
const wire = (status: string) => ({ ...machine, ...terms, created_at: at, updated_at: at, status });

describe('deployment statuses on the wire', () => {
  it('lists the known statuses in the API document (an enum, not any string)', () => {
    expect(z.toJSONSchema(deploymentStatus, { io: 'input', unrepresentable: 'any' })).toMatchObject({ enum: [...deploymentStatuses, 'updating'] });
  });

  it('a status this build does not know keeps the list: the row reads its status as sent', () => {
    const list = z.array(deploymentWire(defaultBrand)).parse([wire('running'), wire('hibernating')]);
    expect(list.map((d) => d.status)).toEqual(['running', 'hibernating']);
  });

  it('an unknown setup-step status reads as pending', () => {
    expect(setupStep.parse({ id: 's', description: 'd', emoji: 'e', completed: false, status: 'paused', error: null }).status).toBe('pending');
  });
});
