import { describe, expect, it } from 'vitest';
import type { PingRecord } from '../../shared/api/pings';
import { pingRecord as ping } from '../../test/support/ping-record';
import { countryFlag, pingNotifications, trayView } from './model';

describe('countryFlag', () => {
  it.each([
    ['DE', 'DE'],
    ['us', 'US'],
    ['GB', 'GB'],
    [null, '—'],
    ['', '—'],
    ['XYZ', '—'],
    ['1A', '—'],
  ])('%s → %s', (code, flag) => expect(countryFlag(code)).toBe(flag));
});

describe('pingNotifications', () => {
  const run = (polls: PingRecord[][]) => {
    let known: ReturnType<typeof pingNotifications>['known'] | undefined;
    return polls.map((pings) => {
      const r = pingNotifications(known, pings);
      known = r.known;
      return r.notifications.map((n) => `${n.title}: ${n.body}`);
    });
  };

  it.each([
    ['nothing on the first load', [[ping('a', '1.0'), ping('b', '1.0')]], [[]]],
    ['a new installation appears', [[ping('a', '1.0')], [ping('a', '1.0'), ping('b', '2.0', { country: 'FR' })]], [[], ['New installation: Org b (FR) is running version 2.0']]],
    ['an installation changes version', [[ping('a', '1.0')], [ping('a', '1.1')]], [[], ['Installation updated: Org a (DE) moved from 1.0 to 1.1']]],
    ['a plain ping (same version, later time) says nothing', [[ping('a', '1.0')], [ping('a', '1.0', { last_ping: '2025-06-02T00:00:00.000Z' })]], [[], []]],
    ['one that drops off the page and comes back is not new', [[ping('a', '1.0'), ping('b', '1.0')], [ping('a', '1.0')], [ping('a', '1.0'), ping('b', '1.0')]], [[], [], []]],
    [
      'falls back to the license email, then a plain label',
      [[], [ping('c', '3.0', { organization_name: null, license_user_email: 'it@acme.test', country: null }), ping('d', '3.0', { organization_name: null })]],
      [[], ['New installation: it@acme.test (—) is running version 3.0', 'New installation: Unknown organization (DE) is running version 3.0']],
    ],
  ])('%s', (_what, polls, expected) => expect(run(polls)).toEqual(expected));
});

describe('trayView', () => {
  const now = new Date('2025-06-02T12:00:00.000Z');
  const pings = [
    ping('old', '1.0', { last_ping: '2025-05-01T00:00:00.000Z', vintage: '2024-01-01T00:00:00.000Z' }),
    ping('fresh', '2.0', { last_ping: '2025-06-02T11:59:00.000Z', vintage: '2025-06-02T11:00:00.000Z' }),
    ping('edge', '2.0', { last_ping: '2025-06-01T12:00:00.000Z', vintage: '2025-03-01T00:00:00.000Z' }),
  ];

  it('counts installations active within 24 hours and lists latest pings and newest installations', () => {
    const view = trayView(pings, 57, now);
    expect(view).toMatchObject({ activeInstallations: 2, totalInstallations: 57, paused: null, updatedAt: now.toISOString() });
    expect(view.latest.map((i) => i.id)).toEqual(['fresh', 'edge', 'old']);
    expect(view.newest.map((i) => i.id)).toEqual(['fresh', 'edge', 'old']);
    expect(view.latest[0]).toEqual({ id: 'fresh', flag: 'DE', country: 'Germany', organization: 'Org fresh', version: '2.0', lastPing: '2025-06-02T11:59:00.000Z' });
  });

  it('lists at most 8 of each', () => {
    const many = Array.from({ length: 20 }, (_, i) => ping(`p${i}`, '1.0'));
    const view = trayView(many, 20, now);
    expect([view.latest.length, view.newest.length]).toEqual([8, 8]);
  });
});
