import Router from '@koa/router';
import { adminDocumentsPageSize, documentsContract as c } from '../../shared/api/documents';
import { pageCountOf } from '../../shared/api/list-query';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { NotFound } from '../domain-errors';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { RouteContext } from '../http/register';
import { adminDocumentsPage, detailsOf, documentPdf, documentsExportPage, documentsOfAccount, saveDetails, type DocumentListRow } from './queries';
import { detailsToWire, documentToWire } from './wire';

export interface DocumentRouteDeps {
  db: Db;
  clock: Clock;
  /** whether documents are issued (INVOICING=on) */
  invoicing: boolean;
}

const exportPageSize = 1000;

function sendPdf(ctx: RouteContext, doc: { pdf: Buffer; number: string } | undefined): Buffer {
  if (!doc) throw new NotFound('Document not found');
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${doc.number}.pdf"`);
  // issued documents never change: a download may be kept
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  return doc.pdf;
}

/** Billing details and documents (issue 46): the account's own, and every account's for administrators. */
export function documentRoutes(deps: DocumentRouteDeps): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.billingDetails, async ({ user }) => {
    const d = await detailsOf(deps.db, user.account.id);
    return { details: d ? detailsToWire(d) : null, invoicing: deps.invoicing };
  });

  register(c.saveBillingDetails, async ({ user, body }) =>
    detailsToWire(
      await saveDetails(deps.db, {
        accountId: user.account.id,
        legalName: body.legal_name,
        address: body.address,
        country: body.country,
        taxId: body.tax_id ? body.tax_id.toUpperCase().replace(/[\s.-]/g, '') : null,
        email: body.email,
        updatedAt: deps.clock.now(),
      }),
    ),
  );

  register(c.list, async ({ user }, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { documents: (await documentsOfAccount(deps.db, user.account.id)).map((d) => documentToWire(d)) };
  });

  register(c.pdf, async ({ user, params }, ctx) => sendPdf(ctx, await documentPdf(deps.db, params.id, user.account.id)));

  register(c.adminList, async ({ query: { page, ...filters } }) => {
    const { rows, total } = await adminDocumentsPage(deps.db, filters, page, adminDocumentsPageSize);
    return { documents: rows.map((d) => documentToWire(d, true)), total, total_pages: pageCountOf(total, adminDocumentsPageSize) };
  });

  register(c.adminExport, ({ query: { excel, ...filters } }, ctx) =>
    sendCsv(
      ctx,
      {
        filename: csvFilename('documents', deps.clock.now()),
        header: ['number', 'kind', 'issued_at', 'due_at', 'paid_at', 'account_id', 'account_name', 'description', 'currency', 'total_cents', 'tax_cents', 'license_id', 'pdf_sha256'],
        pages: pagesOf((after: DocumentListRow | undefined) => documentsExportPage(deps.db, filters, exportPageSize, after), exportPageSize),
        cells: (r) => {
          const d = documentToWire(r, true);
          return [d.number, d.kind, d.issued_at, d.due_at, d.paid_at, d.account_id, d.account_name, d.description, d.currency, d.total_cents, d.tax_cents, d.license_id, d.pdf_sha256];
        },
      },
      { excel },
    ),
  );

  register(c.adminPdf, async ({ params }, ctx) => sendPdf(ctx, await documentPdf(deps.db, params.id)));

  return router;
}
