import type { Middleware } from 'koa';
import { refusal, type Action, type Actor } from '../../shared/auth/policy';
import { Forbidden } from '../domain-errors';
import { HttpError, httpErrorOf } from '../http/errors';
import type { AppState } from '../http/types';

export { allows, asMember, linkingOffReason, noEmailReason, refusal, unverifiedEmailReason, type Action, type Actor } from '../../shared/auth/policy';

/**
 * The server's side of the one policy (shared/auth/policy.ts): the only place a refusal is thrown
 * (server/auth/policy.guard.test.ts). The route registrar, the terminal socket and every service
 * ask here; the 403's message is the policy's sentence.
 */
export function assertAllowed(actor: Actor, action: Action): void {
  const reason = refusal(actor, action);
  if (reason !== undefined) throw new Forbidden(reason);
}

/** The policy's sentence when `err` is a refusal (thrown here, or a 403 of the HTTP layer), for those that answer other than in HTTP (the terminal socket). */
export function refusalIn(err: unknown): string | undefined {
  const http = httpErrorOf(err);
  return http instanceof HttpError && http.status === 403 ? http.message : undefined;
}

/** A route's caller, already required: 403 with the policy's sentence when they may not call it. */
export function requireAllowed(action: Action): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.state.user) assertAllowed(ctx.state.user, action);
    await next();
  };
}
