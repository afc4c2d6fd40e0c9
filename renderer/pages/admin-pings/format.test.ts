import { describe, expect, it } from 'vitest';
import { behindText, countryFlag, pageCount, relativeTime, short, usersText } from './format';

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

describe('insight texts', () => {
  it.each([
    [null, 'Unknown'],
    [0, 'Latest'],
    [3, '3 behind'],
  ] as const)('%s versions behind reads %s', (n, text) => expect(behindText(n)).toBe(text));
  it('shows users against the limit when there is one', () => {
    expect(usersText(9, 5)).toBe('9 / 5');
    expect(usersText(9, null)).toBe('9');
  });
});
