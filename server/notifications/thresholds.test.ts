import { describe, expect, it } from 'vitest';
import { licenceReminderDays, windowsShorterThan } from './triggers';

describe('expiry warning windows', () => {
  it('keeps only the windows shorter than the whole term', () => {
    expect(windowsShorterThan(licenceReminderDays, 14)).toEqual([1, 7]);
    expect(windowsShorterThan(licenceReminderDays, 365)).toEqual([1, 7, 30]);
    expect(windowsShorterThan(licenceReminderDays, 7)).toEqual([1]);
    expect(windowsShorterThan(licenceReminderDays, 1)).toEqual([]);
  });
});
