import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T12:00:00Z', 'just now'],
    ['2026-01-10T11:59:01Z', 'just now'],
    ['2026-01-10T11:55:00Z', '5 min ago'],
    ['2026-01-10T09:00:00Z', '3 h ago'],
    ['2026-01-09T12:00:00Z', '1 day ago'],
    ['2026-01-07T11:00:00Z', '3 days ago'],
    ['2026-01-10T12:05:00Z', 'just now'],
  ])('%s → %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
});
