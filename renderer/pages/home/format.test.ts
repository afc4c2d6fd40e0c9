import { describe, expect, it } from 'vitest';
import { expiryText, licenceColour, relativeTime, statusColour } from './format';

const now = new Date(2025, 5, 15, 12, 0, 0);
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000 + 3_600_000).toISOString();
const agoDays = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('status colours', () => {
  it.each([
    ['running', 'green'],
    ['pending', 'amber'],
    ['error', 'red'],
    ['failed', 'red'],
    ['installing', 'grey'],
    ['stopped', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(statusColour(status)).toBe(tone);
  });
});

describe('licence colour', () => {
  it.each([
    ['payment pending, even with years left', 'pending', inDays(800), 'amber'],
    ['no expiry', 'paid', null, 'green'],
    ['expired', 'paid', inDays(-3), 'red'],
    ['29 days left', 'paid', inDays(29), 'red'],
    ['30 days left', 'paid', inDays(30), 'amber'],
    ['89 days left', 'paid', inDays(89), 'amber'],
    ['90 days left', 'paid', inDays(90), 'green'],
  ])('%s is %s', (_what, payment_status, expires, tone) => {
    expect(licenceColour({ payment_status, expires }, now)).toBe(tone);
  });
});

describe('expiry text', () => {
  it.each([
    [null, 'Never expires'],
    [inDays(-2), 'Expired'],
    [inDays(0), '0 days left'],
    [inDays(1), '1 day left'],
    [inDays(29), '29 days left'],
    [inDays(30), '1 month left'],
    [inDays(89), '2 months left'],
    [inDays(364), '12 months left'],
    [inDays(365), '1 year left'],
    [inDays(800), '2 years left'],
  ])('%s reads %s', (expires, text) => {
    expect(expiryText(expires, now)).toBe(text);
  });
});

describe('relative time', () => {
  it.each([
    [agoDays(0), 'Today'],
    [agoDays(1), 'Yesterday'],
    [agoDays(2), '2 days ago'],
    [agoDays(6), '6 days ago'],
    [agoDays(7), '1 week ago'],
    [agoDays(20), '2 weeks ago'],
    [agoDays(30), '1 month ago'],
    [agoDays(95), '3 months ago'],
  ])('%s reads %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
