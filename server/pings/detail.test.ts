import { describe, expect, it } from 'vitest';
import { observedHours } from './detail';

const day = Date.parse('2026-11-28T00:00:00Z');
const at = (iso: string) => new Date(`2026-11-${iso}Z`);

describe('the hours of a day an installation could have pinged in (uptime counts from its first ping)', () => {
  it.each([
    ['first ping 15 minutes ago: the current hour only', at('28T02:05:00'), at('28T02:20:00'), 1],
    ['first ping at 10:30, now 14:10: 10:00 to 14:59', at('28T10:30:00'), at('28T14:10:00'), 5],
    ['first ping yesterday, now 14:10: midnight to 14:59', at('27T08:00:00'), at('28T14:10:00'), 15],
    ['first ping yesterday, a whole day past', at('20T08:00:00'), at('29T14:10:00'), 24],
    ['first ping tomorrow: none yet', at('29T01:00:00'), at('29T14:10:00'), 0],
  ])('%s', (_what, firstSeen, now, hours) => {
    expect(observedHours(day, firstSeen, now)).toBe(hours);
  });
});
