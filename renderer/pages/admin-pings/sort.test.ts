import { describe, expect, it } from 'vitest';
import type { InstallationRecord } from '../../../shared/api/pings';
import { pingRecord } from '../../../test/support/ping-record';
import { nextSort } from '../../shell/view-state';
import { sortPings } from './sort';

const row = (id: string, over: Partial<InstallationRecord>): InstallationRecord => ({
  ...pingRecord(id, '2.0'),
  status: 'active',
  versions_behind: null,
  users_limit: null,
  over_limit: false,
  ...over,
});
const ids = (rows: InstallationRecord[]) => rows.map((r) => r.id);

describe('sorting the rows of a page', () => {
  const rows = [
    row('a', { organization_name: 'beta', version: '2.10.0', apps_count: 3, last_ping: '2026-11-26T10:00:00Z' }),
    row('b', { organization_name: null, version: '2.9.1', apps_count: 12, last_ping: '2026-11-26T12:00:00Z' }),
    row('c', { organization_name: 'Alpha', version: '2.12.2', apps_count: 3, last_ping: '2026-11-25T12:00:00Z' }),
  ];

  it('keeps the server order without a sort', () => expect(ids(sortPings(rows, undefined))).toEqual(['a', 'b', 'c']));
  it('orders text without case and versions by their numbers', () => {
    expect(ids(sortPings(rows, { key: 'organization', dir: 'asc' }))).toEqual(['c', 'a', 'b']);
    expect(ids(sortPings(rows, { key: 'version', dir: 'asc' }))).toEqual(['b', 'a', 'c']);
  });
  it('puts empty values last both ways and keeps ties in server order', () => {
    expect(ids(sortPings(rows, { key: 'organization', dir: 'desc' }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortPings(rows, { key: 'apps', dir: 'asc' }))).toEqual(['a', 'c', 'b']);
  });
  it('orders times as times', () => expect(ids(sortPings(rows, { key: 'last_ping', dir: 'desc' }))).toEqual(['b', 'a', 'c']));

  it('goes ascending, descending, then back to the server order on repeated clicks', () => {
    expect(nextSort(undefined, 'apps')).toEqual({ key: 'apps', dir: 'asc' });
    expect(nextSort({ key: 'apps', dir: 'asc' }, 'apps')).toEqual({ key: 'apps', dir: 'desc' });
    expect(nextSort({ key: 'apps', dir: 'desc' }, 'apps')).toBeUndefined();
    expect(nextSort({ key: 'apps', dir: 'desc' }, 'users')).toEqual({ key: 'users', dir: 'asc' });
  });
});
