import { describe, expect, it } from 'vitest';
import { lengthState } from './length-limit';

describe('a name limit told before submit', () => {
  it('counts the trimmed text and says in plain words when it is too long', () => {
    expect(lengthState('  my-agent ', 63, 'Name')).toEqual({ count: '8/63', problem: undefined });
    expect(lengthState('x'.repeat(63), 63, 'Name').problem).toBeUndefined();
    expect(lengthState('x'.repeat(120), 63, 'Name')).toEqual({ count: '120/63', problem: 'Name can be at most 63 characters' });
  });
});
