import Router from '@koa/router';
import { adminCreateLicenseBody, adminLicensesQuery, adminPageSize, createLicenseBody, licenseCheckoutBody, licenseIdParam, type License } from '../../shared/api/licenses';
import { currentUser, requireAdmin, requireUser } from '../auth/authenticate';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { listForUser, pageAll } from './queries';
import { createByAdmin, createForUser, hideForUser, licenseCheckout, licenseToWire, markPaid, type LicenseDeps } from './service';
import { licenseTerms } from './terms';

/** Licenses of the spec's call table, plus the public key installations verify keys with. */
export function licenseRoutes(deps: LicenseDeps, productName: string): Router<AppState> {
  const router = new Router<AppState>();
  const now = () => deps.clock.now();

  router.get('licenses.public-key', '/licenses/public-key', (ctx) => {
    ctx.type = 'application/x-pem-file';
    ctx.body = deps.signer.publicKeyPem;
  });

  router.get('terms.license', '/terms/license', (ctx) => {
    ctx.body = { content: licenseTerms(productName) };
  });

  router.get('licenses.list', '/licenses', requireUser, async (ctx) => {
    const user = currentUser(ctx.state);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listForUser(deps.db, user.id, user.email)).map((r) => licenseToWire(r, now()));
  });

  router.post('licenses.create', '/licenses', requireUser, async (ctx) => {
    const body = parse(createLicenseBody, ctx.request.body, 'license');
    ctx.status = 201;
    ctx.body = licenseToWire(await createForUser(deps, currentUser(ctx.state), body), now());
  });

  router.delete('licenses.hide', '/licenses/:id', requireUser, async (ctx) => {
    const { id } = parse(licenseIdParam, ctx.params, 'license id');
    await hideForUser(deps, currentUser(ctx.state), id);
    ctx.body = true;
  });

  router.post('licenses.checkout', '/license/checkout', requireUser, async (ctx) => {
    const body = parse(licenseCheckoutBody, ctx.request.body, 'checkout');
    ctx.body = await licenseCheckout(deps, currentUser(ctx.state), body);
  });

  router.get('admin.licenses.list', '/admin/licenses', requireAdmin, async (ctx) => {
    const { page } = parse(adminLicensesQuery, ctx.query, 'query');
    const { rows, total } = await pageAll(deps.db, page, adminPageSize);
    const licenses: License[] = rows.map((r) => licenseToWire(r, now(), true));
    ctx.body = { licenses, total_pages: Math.max(1, Math.ceil(total / adminPageSize)) };
  });

  router.post('admin.licenses.mark-paid', '/admin/licenses/:id/mark-paid', requireAdmin, async (ctx) => {
    const { id } = parse(licenseIdParam, ctx.params, 'license id');
    ctx.body = licenseToWire(await markPaid(deps, id), now(), true);
  });

  router.post('admin.licenses.create', '/admin/licenses/create', requireAdmin, async (ctx) => {
    const body = parse(adminCreateLicenseBody, ctx.request.body, 'license');
    ctx.status = 201;
    ctx.body = licenseToWire(await createByAdmin(deps, currentUser(ctx.state).id, body), now(), true);
  });

  return router;
}
