import { describe, expect, it } from 'vitest';
import { deploymentStatus, type Deployment } from '../../../shared/api/deployments';
import { ApiError } from '../../api/client';
import { createErrorOf, createFailedMessage, insufficientFundsMessage, startDecision, startPollIntervalMs, startPollLimitMs, tokenNeedsSaving, validName, waitForStart } from './create-flow';

const deployment = (status: string): Deployment => ({
  id: 'd1',
  name: 'vm',
  user_id: 'u1',
  server_id: null,
  status: deploymentStatus.parse(status),
  ipv4: null,
  ui_url: null,
  provider: 'local',
  deployment_config_id: 'trial_vm_hetzner',
  hourly_rate_cents: 10,
  timeout_mins: null,
  expires_at: null,
  error_message: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: '2.12.2',
});

/** A fake clock whose sleep advances time, and a server answering statuses in turn. */
function harness(answers: (string | Error)[]) {
  let now = 0;
  const sleeps: number[] = [];
  let calls = 0;
  return {
    deps: {
      get: async () => {
        const a = answers[Math.min(calls++, answers.length - 1)];
        if (a instanceof Error) throw a;
        return deployment(a ?? 'pending');
      },
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
      now: () => now,
    },
    sleeps,
    calls: () => calls,
  };
}

describe('startDecision', () => {
  it.each([
    ['installing', 'ready'],
    ['running', 'ready'],
    ['failed', 'failed'],
    ['pending', 'wait'],
    ['creating', 'wait'],
    [undefined, 'wait'],
  ] as const)('%s → %s', (status, decision) => {
    expect(startDecision(status)).toBe(decision);
  });
});

describe('waitForStart', () => {
  it('polls every 2 s until the deployment is installing', async () => {
    const h = harness(['pending', 'creating', 'installing']);
    const result = await waitForStart('d1', h.deps);
    expect(result.outcome).toBe('ready');
    expect(h.sleeps).toEqual([startPollIntervalMs, startPollIntervalMs]);
  });

  it('keeps polling through a failed request', async () => {
    const h = harness(['pending', new Error('network'), 'running']);
    expect((await waitForStart('d1', h.deps)).outcome).toBe('ready');
    expect(h.calls()).toBe(3);
  });

  it('stops when the deployment failed', async () => {
    const h = harness(['creating', 'failed']);
    expect((await waitForStart('d1', h.deps)).outcome).toBe('failed');
  });

  it('gives up after 5 minutes', async () => {
    const h = harness(['pending']);
    expect((await waitForStart('d1', h.deps)).outcome).toBe('timeout');
    expect(h.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(startPollLimitMs);
    // polls at 0, 2, … 300 s: the last one exactly at the limit
    expect(h.calls()).toBe(startPollLimitMs / startPollIntervalMs + 1);
  });

  it('stops at once when aborted', async () => {
    const h = harness(['pending']);
    const controller = new AbortController();
    const deps = { ...h.deps, signal: controller.signal, sleep: async () => controller.abort() };
    expect((await waitForStart('d1', deps)).outcome).toBe('aborted');
    expect(h.calls()).toBe(1);
  });
});

describe('create errors', () => {
  it('adds the add-funds sentence to the server message of a 402', () => {
    const err = new ApiError(402, { error: 'Insufficient balance: $0.05 available, $0.10 needed' });
    expect(createErrorOf(err)).toEqual({ message: 'Insufficient balance: $0.05 available, $0.10 needed. Please add funds to your balance to continue.', addFunds: true });
  });

  it('shows a refusal that says why as written (no sandbox for local machines)', () => {
    const message =
      'Local machines cannot be started here: this server cannot isolate them from itself (bubblewrap (bwrap) is not installed). Only an administrator can start local machines here until bubblewrap can make their sandbox.';
    expect(createErrorOf(new ApiError(403, { error: message }))).toEqual({ message, addFunds: false });
  });

  it('shows a machine limit as the server wrote it', () => {
    const message = 'Machine limit reached: at most 3 local machines per user are allowed, and you have 3. Delete one to start another.';
    expect(createErrorOf(new ApiError(429, { error: message }))).toEqual({ message, addFunds: false });
  });

  it('does not double a full stop', () => {
    expect(insufficientFundsMessage('Insufficient funds.')).toBe('Insufficient funds. Please add funds to your balance to continue.');
  });

  it.each([new ApiError(500, { error: 'boom' }), new ApiError(400, { error: 'Invalid request' }), new TypeError('Failed to fetch')])('says try again later for %s', (err) => {
    expect(createErrorOf(err)).toEqual({ message: createFailedMessage, addFunds: false });
  });
});

describe('form rules', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['  my vm ', 'my vm'],
  ])('name %j → %j', (name, valid) => {
    expect(validName(name)).toBe(valid);
  });

  it.each([
    ['hf_new', true],
    [' hf_abc ', true],
    ['', false],
    ['   ', false],
  ])('token %j typed: save first = %s (an empty field keeps the write-only saved token)', (entered, save) => {
    expect(tokenNeedsSaving(entered)).toBe(save);
  });
});
