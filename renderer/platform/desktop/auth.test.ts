import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../shared/desktop/bridge';
import type { DesktopSession } from '../../../shared/desktop/ipc';
import { AuthRefreshError } from '../../auth/types';
import { createDesktopAuth, type DesktopAuthHost } from './auth';

const session: DesktopSession = { accessToken: 'at', expiresAt: 1000, email: 'user@example.test', warning: null };

function setup(overrides: Partial<DesktopBridge['auth']> = {}) {
  const store = new Map<string, string>();
  const host = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    reload: vi.fn(),
    goHome: vi.fn(),
    notify: vi.fn<DesktopAuthHost['notify']>(),
  } satisfies DesktopAuthHost;
  const bridge: DesktopBridge['auth'] = {
    restore: vi.fn(() => Promise.resolve(session)),
    login: vi.fn(() => Promise.resolve(session)),
    cancel: vi.fn(() => Promise.resolve()),
    refresh: vi.fn(() => Promise.resolve({ ...session, accessToken: 'at2' })),
    logout: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  return { host, bridge, auth: createDesktopAuth(bridge, host) };
}

describe('desktop AuthDriver', () => {
  it('signs in through main, reloads, and restores the session with the page the user was going to', async () => {
    const { host, auth } = setup();
    await auth.login('/deployments');
    expect(host.reload).toHaveBeenCalled();
    const restored = await auth.restore();
    expect(restored).toEqual({ session: { accessToken: 'at', refreshToken: undefined, idToken: undefined, expiresAt: 1000, email: 'user@example.test' }, returnTo: '/deployments' });
    expect((await auth.restore()).returnTo).toBeUndefined();
  });

  it('shows why a sign-in failed and stays on the page', async () => {
    const { host, auth } = setup({ login: () => Promise.reject(new Error('Sign-in timed out')) });
    await auth.login('/app');
    expect(host.reload).not.toHaveBeenCalled();
    expect(host.notify).toHaveBeenCalledWith('error', 'Sign-in failed', 'Sign-in timed out');
  });

  it('warns when the keyring cannot keep the sign-in', async () => {
    const { host, auth } = setup({ restore: () => Promise.resolve({ ...session, warning: 'The system keyring is unavailable' }) });
    await auth.restore();
    expect(host.notify).toHaveBeenCalledWith('warning', expect.any(String), 'The system keyring is unavailable');
  });

  it('refreshes through main; a refused refresh is the end of the session', async () => {
    const { auth } = setup();
    const current = (await auth.restore()).session!;
    expect((await auth.refresh(current)).accessToken).toBe('at2');
    const ended = setup({ refresh: () => Promise.resolve(null) });
    await expect(ended.auth.refresh(current)).rejects.toMatchObject({ code: 'invalid_grant' });
    await expect(ended.auth.refresh(current)).rejects.toBeInstanceOf(AuthRefreshError);
  });

  it('signs out through main and goes home even if main fails', async () => {
    const { host, auth } = setup({ logout: () => Promise.reject(new Error('offline')) });
    await auth.logout(undefined);
    expect(host.notify).toHaveBeenCalledWith('error', expect.any(String), 'offline');
    expect(host.goHome).toHaveBeenCalled();
  });
});
