import type { AuthDriver } from './types';

/**
 * An AuthDriver whose implementation (and its OpenID client library) is fetched on first use,
 * so pages paint before the sign-in code has even downloaded.
 */
export function lazyAuthDriver(load: () => Promise<AuthDriver>): AuthDriver {
  let driver: Promise<AuthDriver> | undefined;
  const get = () => (driver ??= load());
  return {
    restore: async () => (await get()).restore(),
    login: async (returnTo) => (await get()).login(returnTo),
    refresh: async (session) => (await get()).refresh(session),
    logout: async (session) => (await get()).logout(session),
  };
}
