import Router from '@koa/router';
import { customersContract as c } from '../../shared/api/customers';
import { auditWho } from '../http/audit-who';
import { revokeOwnApiKey } from '../auth/api-keys/service';
import { adminTopup } from '../billing/service';
import { transactionsPage } from '../billing/transactions';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { TerminalEnds } from '../terminal/ends';
import { customerOf, customerOverview, findCustomers, type CustomerDeps } from './service';

/** One page per customer (admin): search, overview, ledger, top-up and API-key revocation. */
export function customerRoutes(deps: CustomerDeps, terminalEnds?: Pick<TerminalEnds, 'apiKeyRevoked'>): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.search, ({ query }) => findCustomers(deps, query.search || undefined, query.page));

  register(c.overview, async ({ params }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return customerOverview(deps, params.id);
  });

  register(c.transactions, async ({ params, query }) => {
    const customer = await customerOf(deps, params.id);
    return transactionsPage(deps.billing, customer.id, query);
  });

  register(c.topup, ({ params, body, headers, user }, ctx) =>
    adminTopup(
      deps.billing,
      { ...auditWho(ctx), actor: { id: user.id, email: user.email } },
      { id: params.id },
      {
        amountCents: body.amount_cents,
        reason: body.reason,
        idempotencyKey: headers['Idempotency-Key'],
      },
    ),
  );

  register(c.revokeApiKey, async ({ params }, ctx) => {
    const customer = await customerOf(deps, params.id);
    await revokeOwnApiKey(deps.billing.db, deps.billing.clock, customer.id, params.keyId, auditWho(ctx), terminalEnds?.apiKeyRevoked, 'admin.api_key.revoked');
  });

  return router;
}
