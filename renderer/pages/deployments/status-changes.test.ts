import { describe, expect, it } from 'vitest';
import { statusChanges } from './status-changes';

const row = (id: string, status: string) => ({ id, name: `vm-${id}`, status });

describe('statusChanges', () => {
  it('says nothing on the first poll', () => {
    expect(statusChanges(undefined, [row('a', 'running')])).toBe('');
  });

  it('says each row whose status changed, by name', () => {
    const before = new Map([
      ['a', 'provisioning'],
      ['b', 'installing'],
      ['c', 'running'],
    ]);
    expect(statusChanges(before, [row('a', 'installing'), row('b', 'running'), row('c', 'running')])).toBe('vm-a: installing. vm-b: running');
  });

  it('leaves new and removed rows to create and delete', () => {
    expect(statusChanges(new Map([['gone', 'running']]), [row('new', 'provisioning')])).toBe('');
  });
});
