import Router from '@koa/router';
import { adminPageSize, type License, licensesContract as c } from '../../shared/api/licenses';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { listForUser, pageAll } from './queries';
import { createByAdmin, createForUser, hideForUser, licenseCheckout, licenseToWire, markPaid, type LicenseDeps } from './service';
import { licenseTerms } from './terms';

/** Licenses of the spec's call table, plus the public key installations verify keys with. */
export function licenseRoutes(deps: LicenseDeps, productName: string): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const now = () => deps.clock.now();

  register(c.publicKey, (_, ctx) => {
    ctx.type = 'application/x-pem-file';
    return deps.signer.publicKeyPem;
  });

  register(c.terms, () => ({ content: licenseTerms(productName) }));

  register(c.list, async ({ user }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return (await listForUser(deps.db, user.id, user.email)).map((r) => licenseToWire(r, now()));
  });

  register(c.create, async ({ body, user }) => licenseToWire(await createForUser(deps, user, body), now()));

  register(c.hide, async ({ params, user }) => {
    await hideForUser(deps, user, params.id);
    return true as const;
  });

  register(c.checkout, ({ body, user }) => licenseCheckout(deps, user, body));

  register(c.adminList, async ({ query }) => {
    const { rows, total } = await pageAll(deps.db, query.page, adminPageSize);
    const licenses: License[] = rows.map((r) => licenseToWire(r, now(), true));
    return { licenses, total_pages: Math.max(1, Math.ceil(total / adminPageSize)) };
  });

  register(c.adminMarkPaid, async ({ params }) => licenseToWire(await markPaid(deps, params.id), now(), true));

  register(c.adminCreate, async ({ body, user }) => licenseToWire(await createByAdmin(deps, user.id, body), now(), true));

  return router;
}
