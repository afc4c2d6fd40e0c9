import Router from '@koa/router';
import { adminPageSize, type License, licensesContract as c } from '../../shared/api/licenses';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { listForUser } from './queries';
import { adminLicensesPage, licensesExportPage } from './admin-list';
import { pageCountOf } from '../../shared/api/list-query';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { createByAdmin, createForUser, endedLicence, hideForUser, licenseCheckout, licenseToWire, markPaid, type LicenseDeps } from './service';
import { licenseTerms } from './terms';
import { changeLicence, resendKey, revokeLicence } from './lifecycle';
import { revokedHashes } from './revocation-list';
import { renewFree, startRenewal, startTransferRenewal } from './renewal';
import { auditWho } from '../http/audit-who';

const exportPageSize = 1000;
type LicenseExportRow = Awaited<ReturnType<typeof licensesExportPage>>[number];

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
    return (await listForUser(deps.db, user.account.id, user.account.email)).map((r) => licenseToWire(r, now()));
  });

  register(c.create, async ({ body, user }) => licenseToWire(await createForUser(deps, user, body), now()));

  register(c.hide, async ({ params, user }) => {
    await hideForUser(deps, user, params.id);
    return true as const;
  });

  register(c.ended, ({ params, user }) => endedLicence(deps, user, params.id));

  register(c.checkout, ({ body, user }) => licenseCheckout(deps, user, body));

  register(c.renew, ({ params, user }) => startRenewal(deps, user, params.id));

  register(c.renewFree, async ({ params, user }) => licenseToWire(await renewFree(deps, user, params.id), now()));

  register(c.renewByTransfer, async ({ params, user }) => licenseToWire(await startTransferRenewal(deps, user, params.id), now()));

  register(c.adminList, async ({ query: { page, ...filters } }) => {
    const at = now();
    const { rows, total } = await adminLicensesPage(deps.db, filters, at, page, adminPageSize);
    const licenses: License[] = rows.map((r) => licenseToWire(r, at, true));
    return { licenses, total_pages: pageCountOf(total, adminPageSize), total };
  });

  register(c.adminExport, ({ query: { excel, ...filters } }, ctx) => {
    const at = now();
    return sendCsv(
      ctx,
      {
        filename: csvFilename('licenses', now()),
        header: [
          'id',
          'user_email',
          'type',
          'organization_name',
          'status',
          'payment_status',
          'users_limit',
          'gpus_limit',
          'support_level',
          'amount_usd',
          'expires',
          'created',
          'wire_reference',
          'revoked_at',
          'revoke_reason',
          'replaced_by',
          'renewed_by',
          'renews',
        ],
        pages: pagesOf((after: LicenseExportRow | undefined) => licensesExportPage(deps.db, filters, at, exportPageSize, after), exportPageSize),
        cells: (r) => {
          const l = licenseToWire(r.row, at, true);
          return [
            l.id,
            l.user_email,
            l.type,
            l.organization_name,
            l.status,
            l.payment_status,
            l.users_limit,
            l.gpus_limit,
            l.support_level,
            ((l.price_cents ?? 0) / 100).toFixed(2),
            l.expires,
            l.created,
            l.wire_reference,
            l.revoked_at,
            l.revoke_reason,
            l.replaced_by,
            l.renewed_by,
            l.renews,
          ];
        },
      },
      { excel },
    );
  });

  register(c.adminMarkPaid, async ({ params }, ctx) => licenseToWire(await markPaid(deps, params.id, auditWho(ctx)), now(), true));

  register(c.adminCreate, async ({ body, user }, ctx) => licenseToWire(await createByAdmin(deps, { ...auditWho(ctx), actor: { id: user.id, email: user.email } }, body), now(), true));

  register(c.adminRevoke, async ({ params, body }, ctx) => licenseToWire(await revokeLicence(deps, params.id, body.reason, auditWho(ctx)), now(), true));

  register(c.adminChange, async ({ params, body, user }, ctx) =>
    licenseToWire(await changeLicence(deps, params.id, body, { ...auditWho(ctx), actor: { id: user.id, email: user.email } }), now(), true),
  );

  register(c.adminResendKey, ({ params }, ctx) => resendKey(deps, params.id, auditWho(ctx)));

  register(c.adminRevokedHashes, (_, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return revokedHashes(deps.db);
  });

  return router;
}
