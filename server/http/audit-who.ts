import type { AuditWho } from '../audit/service';
import type { RouteContext } from './register';

/** Who did it, from where, in which request: the audit fields read from the request an action came in. */
export function auditWho(ctx: Pick<RouteContext, 'ip' | 'state'>): AuditWho {
  const user = ctx.state.user;
  return { actor: user ? { id: user.id, email: user.email } : undefined, ip: ctx.ip, requestId: ctx.state.requestId };
}
