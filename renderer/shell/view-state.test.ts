import { describe, expect, it } from 'vitest';
import { adminLicenseSortKeys, adminLicensesFilters } from '../../shared/api/licenses';
import { listQuery, listViewCodec, nextSort } from './view-state';

const codec = listViewCodec(adminLicensesFilters.omit({ sort: true, dir: true }), adminLicenseSortKeys);

describe('a list view in the address', () => {
  it('reads License Admin filters, order and page, and writes them back the same', () => {
    const query = { search: "o'brien 100%", type: 'enterprise', status: 'expired', payment: 'paid', expiring_within: '30', sort: 'expires', dir: 'desc', page: '2' };
    const view = codec.read(query);
    expect(view).toEqual({ filters: { search: "o'brien 100%", type: 'enterprise', status: 'expired', payment: 'paid', expiring_within: 30 }, page: 2, sort: { key: 'expires', dir: 'desc' } });
    expect(codec.write(view)).toEqual(query);
    expect(listQuery(view)).toEqual({ search: "o'brien 100%", type: 'enterprise', status: 'expired', payment: 'paid', expiring_within: 30, sort: 'expires', dir: 'desc' });
  });

  it('leaves out what the server would refuse instead of failing the page', () => {
    expect(codec.read({ status: 'gone', expiring_within: '0', search: 'x'.repeat(201), sort: 'password', page: 'two' })).toEqual({ filters: {}, page: 1, sort: undefined });
  });

  it("keeps one account's filter (a customer page's link) in the address, and drops an account that is not an id", () => {
    const account = '0b7c2a4e-5d1f-4c3a-9e8b-1a2b3c4d5e6f';
    const view = codec.read({ account, status: 'active' });
    expect(view.filters).toEqual({ account, status: 'active' });
    expect(codec.write(view)).toEqual({ status: 'active', account });
    expect(codec.read({ account: 'acme' }).filters).toEqual({});
  });

  it('writes only what differs from the first page', () => {
    expect(codec.write({ filters: {}, page: 1, sort: undefined })).toEqual({});
  });

  it('a header click sorts ascending, then descending, then not at all', () => {
    expect(nextSort(undefined, 'id')).toEqual({ key: 'id', dir: 'asc' });
    expect(nextSort({ key: 'id', dir: 'asc' }, 'id')).toEqual({ key: 'id', dir: 'desc' });
    expect(nextSort({ key: 'id', dir: 'desc' }, 'id')).toBeUndefined();
    expect(nextSort({ key: 'id', dir: 'desc' }, 'type')).toEqual({ key: 'type', dir: 'asc' });
  });
});
