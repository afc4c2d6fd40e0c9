import { describe, expect, it } from 'vitest';
import { signInSettingsUrl } from './sign-in-settings';

describe('the sign-in settings link of the Account page', () => {
  it.each([
    ['the embedded provider (its account URL is this page)', 'http://localhost:3000/account', 'http://localhost:3000/account', undefined],
    ['the same page with a trailing slash and a query', 'http://localhost:3000/account/', 'http://localhost:3000/account?tab=keys', undefined],
    ['a relative URL to this page', '/account', 'https://lp.example/account', undefined],
    ['Keycloak’s account console', 'https://kc.example/realms/p/account', 'https://lp.example/account', 'https://kc.example/realms/p/account'],
    ['another page of this origin', 'https://lp.example/idp/password', 'https://lp.example/account', 'https://lp.example/idp/password'],
    ['no account URL', undefined, 'https://lp.example/account', undefined],
  ])('%s', (_what, accountUrl, here, expected) => {
    expect(signInSettingsUrl(accountUrl, { href: here })).toBe(expected);
  });
});
