import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import type { Providers } from '../deployments/providers/registry';
import { personalAccount } from '../http/types';
import { terminalAccess } from './authorise';
import { closeCodes } from './protocol';

/** A terminal is `deploy` work (issue 22): a scoped API key without that scope is refused before anything is looked up. */
describe('terminal access and API key scopes', () => {
  const deps = (scopes: string[] | null) => ({
    db: {} as Db,
    providers: {} as Providers,
    authenticator: {
      identify: () => Promise.resolve({ id: 'u1', email: 'u@example.test', isAdmin: false, via: 'api-key' as const, scopes, account: personalAccount({ id: 'u1', email: 'u@example.test' }) }),
      inAccount: () => Promise.reject(new Error('not asked')),
    },
  });

  it('a read-only key is refused with 4403 and a reason that says why', async () => {
    const access = await terminalAccess(deps(['read', 'billing']), 'lp_key', 'd1');
    expect(access).toMatchObject({ granted: false, code: closeCodes.credentialRevoked, reason: 'Forbidden: this API key was made without the Deploy permission', userId: 'u1' });
  });
});
