import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUserInfo, userInfoError } from './user-info';

const answer = (status: number, body: unknown) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

describe('user-info client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the validated detection', async () => {
    vi.stubGlobal('fetch', answer(200, { companyInfo: { name: 'Acme' }, confidenceScore: 0.9, industryMatch: 'finance' }));
    expect(await fetchUserInfo()).toMatchObject({ companyInfo: { name: 'Acme' }, industryMatch: 'finance' });
  });

  it.each([502, 500, 404])("turns a %i answer into 'HTTP error! status: N'", async (status) => {
    vi.stubGlobal('fetch', answer(status, { error: 'Company lookup failed' }));
    await expect(fetchUserInfo()).rejects.toThrow(`HTTP error! status: ${status}`);
  });

  it.each([
    [new Error('HTTP error! status: 502'), 'HTTP error! status: 502'],
    [new TypeError('NetworkError when attempting to fetch resource.'), 'NetworkError when attempting to fetch resource.'],
    [new Error(''), 'Failed to fetch user info'],
    ['a string', 'Failed to fetch user info'],
    [undefined, 'Failed to fetch user info'],
  ])('keeps %o as %s', (err, kept) => {
    expect(userInfoError(err)).toBe(kept);
  });
});
