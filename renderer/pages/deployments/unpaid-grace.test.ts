import { describe, expect, it } from 'vitest';
import { graceLeftText } from './unpaid-grace';

describe('graceLeftText', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T12:15:00Z', 'in 15m 00s'],
    ['2026-01-10T12:12:05Z', 'in 12m 05s'],
    ['2026-01-10T12:00:42Z', 'in 42s'],
    ['2026-01-10T12:00:00Z', 'any moment now'],
    ['2026-01-10T11:59:00Z', 'any moment now'],
  ])('%s → %s', (deadline, text) => expect(graceLeftText(deadline, now)).toBe(text));
});
