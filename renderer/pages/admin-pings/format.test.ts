import { describe, expect, it } from 'vitest';
import { countryFlag, pageCount, relativeTime, short } from './format';

describe('ping dashboard formatting', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:50Z', 'just now'],
    ['2026-11-23T11:59:00Z', '1 minute ago'],
    ['2026-11-23T11:00:00Z', '1 hour ago'],
    ['2026-11-21T12:00:00Z', '2 days ago'],
    ['not a date', '—'],
  ])('%s reads %s', (iso, text) => expect(relativeTime(iso, now)).toBe(text));

  it('shows flags, short ids and page counts', () => {
    expect(countryFlag('GB')).toBe('🇬🇧');
    expect(countryFlag(null)).toBe('🏳️');
    expect(short('a3f5c9d2e1b4')).toBe('a3f5c9d');
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(61, 30)).toBe(3);
  });
});
