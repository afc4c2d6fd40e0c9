import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../shared/api/auth';
import { callbackPath } from './callback-path';
import { createWebAuth } from './oidc-web';
import { callbackProblem, exchangeProblem } from './sign-in-problem';

const problemOf = (query: string) => callbackProblem(new URLSearchParams(query), '/app/licenses');

describe('what the callback page says when the issuer answers a sign-in with an error', () => {
  it.each([
    ['error=access_denied', 'The sign-in was cancelled or refused at the identity provider.'],
    ['error=login_required', 'The identity provider needs you to sign in there first.'],
    ['error=temporarily_unavailable', 'The identity provider could not finish the sign-in just now.'],
    ['error=server_error', 'The identity provider ran into an error and could not finish the sign-in.'],
    ['error=invalid_scope', "The identity provider refused this server's sign-in request; its sign-in settings may be wrong. Tell the administrator of this server."],
    ['error=unauthorized_client', "The identity provider refused this server's sign-in request; its sign-in settings may be wrong. Tell the administrator of this server."],
    ['error=made_up', 'The identity provider answered with an error (made_up).'],
  ])('%s: %s', (query, message) => {
    expect(problemOf(query)).toEqual({ message, returnTo: '/app/licenses' });
  });

  it("keeps the issuer's own description beside it, cut to 300 characters", () => {
    expect(problemOf('error=access_denied&error_description=User%20cancelled%20the%20login')?.detail).toBe('User cancelled the login');
    expect(problemOf(`error=access_denied&error_description=${'x'.repeat(1000)}`)?.detail).toHaveLength(300);
  });

  it('a callback without an error is no problem; a mismatched state says the answer is not this sign-in’s', () => {
    expect(problemOf('code=abc&state=s')).toBeUndefined();
    expect(exchangeProblem(new Error('unexpected "state" response parameter value'), '/').message).toBe(
      'The answer from the identity provider does not belong to the sign-in this page started (it may be old, or from another tab).',
    );
    expect(exchangeProblem(new Error('invalid response encountered', { cause: new Error('unexpected "state" response parameter value') }), '/').message).toMatch(
      /^The answer from the identity provider does not belong/,
    );
    expect(exchangeProblem(new Error('fetch failed'), '/')).toEqual({ message: 'The sign-in could not be completed.', detail: 'fetch failed', returnTo: '/' });
  });
});

describe('the web sign-in lands on the callback page with the problem, not signed out at home', () => {
  const pc = { oidc: { issuer: 'http://127.0.0.1:9/oidc', clientId: 'launchpad', scope: 'openid' } } as PublicConfig;
  const storage = new Map<string, string>();
  const at = (query: string) => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:9', pathname: callbackPath, href: `http://127.0.0.1:9${callbackPath}?${query}` } });
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) });
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    storage.clear();
  });

  it('access_denied from the issuer: no session, no navigation, the problem with where Try again returns to', async () => {
    storage.set('launchpad.pending-login', JSON.stringify({ verifier: 'v', state: 's', returnTo: '/app/deployments' }));
    at('error=access_denied&error_description=The%20user%20said%20no&state=s');
    expect(await createWebAuth(pc).restore()).toEqual({
      session: undefined,
      returnTo: undefined,
      problem: { message: 'The sign-in was cancelled or refused at the identity provider.', detail: 'The user said no', returnTo: '/app/deployments' },
    });
  });

  it('a callback this tab did not start (reloaded, or opened in another tab) says so', async () => {
    at('code=abc&state=s');
    const { problem } = await createWebAuth(pc).restore();
    expect(problem?.message).toMatch(/^This sign-in was not started in this tab/);
  });
});
