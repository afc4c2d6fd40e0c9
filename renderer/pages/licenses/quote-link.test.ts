import { describe, expect, it } from 'vitest';
import { quoteLink } from '../../../shared/marketing/license-calculator';
import { linkTo } from '../../routes/links';
import { resolveRoute } from '../../routes/resolve';
import { quotePrefill } from './prefill';

/** The pricing page's get-quote link must land on the Licenses page's enterprise form with the quoted figures. */
describe('get-quote link round trip', () => {
  function open(link: string) {
    const url = new URL(link, 'https://x.test');
    return resolveRoute({ pathname: url.pathname, search: url.search, hash: url.hash }, { signedIn: true, isAdmin: false });
  }

  it.each([
    [
      { orgName: 'Acme Corp', numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'premium' as const },
      { orgName: 'Acme Corp', users: 100, gpus: 20, hostedGpus: 0, support: 'premium' },
    ],
    [
      { orgName: 'Zürich & Co #1', numUsers: 35, numGpus: 4, hostedGpus: 2, supportLevel: 'email' as const },
      { orgName: 'Zürich & Co #1', users: 40, gpus: 4, hostedGpus: 2, support: 'email' },
    ],
    [
      { orgName: 'Solo', numUsers: 10, numGpus: 0, hostedGpus: 0, supportLevel: 'none' as const },
      { orgName: 'Solo', users: 10, gpus: 0, hostedGpus: 0, support: 'none' },
    ],
  ])('%j comes back as the prefill', (form, prefill) => {
    const route = open(quoteLink(form));
    expect(route.name).toBe('licenses');
    expect(route.selection.licenseType).toBe('enterprise');
    expect(quotePrefill(route.query)).toEqual(prefill);
  });

  it('is the same address the route table builds', () => {
    const form = { orgName: 'Acme', numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'none' as const };
    const query = { orgName: 'Acme', numUsers: '100', numGpus: '20', hostedGpus: '0', supportLevel: 'none' };
    expect(quoteLink(form)).toBe(linkTo('licenses', undefined, { query, hash: 'enterprise' }));
  });
});
