import { describe, expect, it } from 'vitest';
import { pingViewQuery, readPingView } from './view-state';

describe('the Ping Dashboard view in the address', () => {
  it('reads filters, page and order from the query and writes them back the same', () => {
    const query = { search: 'acme', country: 'GB', licensed: 'true', over_limit: 'false', status: 'inactive', sort: 'last_ping', dir: 'desc', page: '3' };
    const view = readPingView(query);
    expect(view).toEqual({ filters: { search: 'acme', country: 'GB', licensed: true, over_limit: false, status: 'inactive' }, page: 3, sort: { key: 'last_ping', dir: 'desc' } });
    expect(pingViewQuery(view)).toEqual(query);
  });

  it('leaves out what does not read instead of failing the page', () => {
    expect(readPingView({ country: 'gbr', licensed: 'maybe', status: 'gone', sort: 'metadata', page: '-2' })).toEqual({ filters: {}, page: 1, sort: undefined });
  });

  it('writes only what differs from the first page in server order', () => {
    expect(pingViewQuery({ filters: {}, page: 1, sort: undefined })).toEqual({});
    expect(pingViewQuery({ filters: { managed: false }, page: 1, sort: { key: 'apps', dir: 'asc' } })).toEqual({ managed: 'false', sort: 'apps', dir: 'asc' });
  });
});
