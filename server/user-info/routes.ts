import Router from '@koa/router';
import { userInfoContract as c } from '../../shared/api/user-info';
import { HttpError } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { LookupFailed, type UserInfoProvider } from './provider';

/**
 * A failed lookup is the lookup service's fault, not ours: 502 with what went wrong. The error
 * middleware hides 5xx messages by default; this one says nothing secret (no upstream address).
 */
class LookupUnavailable extends HttpError {
  override get expose(): boolean {
    return true;
  }
}

/** GET /api/user-info: the visitor's company for the landing page (public, no sign-in). */
export function userInfoRoutes(provider: UserInfoProvider): Router<AppState> {
  const router = new Router<AppState>();
  registrar(router)(c.get, async (_, ctx) => {
    // Per visitor address: never cached by browsers or proxies.
    ctx.set('Cache-Control', 'no-store');
    try {
      // ctx.ip honours X-Forwarded-For only with TRUST_PROXY=true (app.proxy).
      return await provider.lookup(ctx.ip);
    } catch (err) {
      if (!(err instanceof LookupFailed)) throw err;
      ctx.state.log?.warn({ reason: err.reason, detail: err.message }, 'company lookup failed');
      throw new LookupUnavailable(502, 'Company lookup failed', { reason: err.reason, message: err.message });
    }
  });
  return router;
}
