import { describe, expect, it } from 'vitest';
import { quotePrefill } from './prefill';

describe('quote prefill from the pricing page', () => {
  it('is absent without quote parameters', () => {
    expect(quotePrefill({})).toBeUndefined();
    expect(quotePrefill({ type: 'enterprise', checkout: 'success' })).toBeUndefined();
  });

  it('reads every parameter of the get-quote link', () => {
    expect(quotePrefill({ orgName: ' Acme Corp ', numUsers: '100', numGpus: '20', hostedGpus: '2', supportLevel: 'email' })).toEqual({
      orgName: 'Acme Corp',
      users: 100,
      gpus: 20,
      hostedGpus: 2,
      support: 'email',
    });
  });

  it.each([
    [{ numUsers: '5' }, 10],
    [{ numUsers: 'lots' }, 10],
    [{ numUsers: '' }, 10],
    [{ numUsers: '35.7' }, 35],
    [{ numUsers: '1e9' }, 100_000],
  ])('holds users of %j to %i', (query, users) => {
    expect(quotePrefill(query)?.users).toBe(users);
  });

  it.each([
    [{ numGpus: '-3' }, 0],
    [{ numGpus: 'x' }, 0],
    [{ numGpus: '4' }, 4],
  ])('holds GPUs of %j to %i', (query, gpus) => {
    expect(quotePrefill(query)?.gpus).toBe(gpus);
  });

  it.each([
    [{ orgName: 'A' }, 'premium'],
    [{ supportLevel: 'gold' }, 'premium'],
    [{ supportLevel: 'none' }, 'none'],
    [{ supportLevel: 'premium' }, 'premium'],
  ])('support of %j is %s (premium when the link carries none)', (query, support) => {
    expect(quotePrefill(query)?.support).toBe(support);
  });
});
