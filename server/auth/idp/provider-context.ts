import type { Middleware } from 'koa';
import providerContext from 'oidc-provider/lib/helpers/als.js';

/**
 * The provider's requests in flight in this process, whichever mount they came through: the storage
 * is one per process, so a process with two providers (tests start several servers in one) must not
 * turn it off under the other's request.
 */
let inFlight = 0;

/** How many of the provider's requests this process has in flight. */
export const providerRequestsInFlight = (): number => inFlight;

/**
 * oidc-provider keeps each of its requests' context in an AsyncLocalStorage. On Node 20 the first
 * `run` of one turns on promise hooks for the whole process, and they stay on: every promise of
 * every later request, the API's included, then pays for them: a signed-in API read took 138 µs
 * of CPU with them on and 118 µs with them off. The provider's requests are few (sign-ins, refreshes, sign-outs),
 * so its storage is turned off again whenever none of them is in flight; the next one turns it on.
 * `middleware` is the provider's mount.
 */
export function providerContextWhileInFlight<S>(middleware: Middleware<S>): Middleware<S> {
  return async (ctx, next) => {
    inFlight++;
    try {
      await middleware(ctx, next);
    } finally {
      if (--inFlight === 0) providerContext.disable();
    }
  };
}
