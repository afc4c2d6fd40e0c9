import { describe, expect, it } from 'vitest';
import { formatAgo, formatChartDay, formatDate, formatDateTime, formatDaysAgo, isoTimestamp } from './dates';

describe('the one date format of the screens', () => {
  it.each([
    ['2026-11-26T11:34:00Z', 'UTC', 'Nov 26, 2026', 'Nov 26, 2026, 11:34 AM'],
    ['2026-11-26T23:30:00Z', 'Europe/Berlin', 'Nov 27, 2026', 'Nov 27, 2026, 12:30 AM'],
    ['2026-01-05T15:04:00Z', 'America/New_York', 'Jan 5, 2026', 'Jan 5, 2026, 10:04 AM'],
  ])('%s in %s: %s / %s', (iso, zone, date, dateTime) => {
    expect(formatDate(iso, zone)).toBe(date);
    expect(formatDateTime(iso, zone)).toBe(dateTime);
  });

  it('shows unreadable times as a dash', () => {
    expect(formatDate('nonsense')).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatAgo('nonsense', Date.now())).toBe('—');
  });

  it('labels chart days without a year', () => {
    expect(formatChartDay('2026-03-05')).toBe('Mar 5');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T11:59:30Z', 'just now'],
    ['2026-11-26T11:59:00Z', '1 minute ago'],
    ['2026-11-26T11:57:00Z', '3 minutes ago'],
    ['2026-11-26T10:00:00Z', '2 hours ago'],
    ['2026-11-21T12:00:00Z', '5 days ago'],
    ['2026-10-20T12:00:00Z', '1 month ago'],
    ['2024-11-20T12:00:00Z', '2 years ago'],
    ['2026-11-26T12:05:00Z', 'just now'],
  ])('%s → %s', (iso, text) => expect(formatAgo(iso, now)).toBe(text));

  it.each([
    [0, 'Today'],
    [1, 'Yesterday'],
    [3, '3 days ago'],
    [14, '2 weeks ago'],
    [65, '2 months ago'],
  ])('%i calendar days back → %s', (days, text) => {
    const today = new Date(2026, 10, 26, 9);
    expect(formatDaysAgo(new Date(2026, 10, 26 - days, 20), today)).toBe(text);
  });
});

describe('times in files', () => {
  it('are ISO 8601 in UTC', () => {
    expect(isoTimestamp(new Date('2026-11-26T11:34:00+01:00'))).toBe('2026-11-26T10:34:00.000Z');
    expect(isoTimestamp('2026-11-26 11:34:00+00')).toBe('2026-11-26T11:34:00.000Z');
    expect(isoTimestamp(null)).toBe('');
  });
});
