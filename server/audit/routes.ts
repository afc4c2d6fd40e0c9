import Router from '@koa/router';
import { auditContract as c, type AuditPage } from '../../shared/api/audit';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { cursorOf, cursorSchema } from '../http/cursor';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { auditExportPage, auditPage, type AuditCursor, type AuditRow } from './queries';

type AuditExportRow = Awaited<ReturnType<typeof auditExportPage>>[number];
import { auditToWire } from './service';

const exportPageSize = 1000;

async function page(db: Db, filters: Parameters<typeof auditPage>[1], limit: number, cursor: string | undefined): Promise<AuditPage> {
  const after: AuditCursor | undefined = cursor ? parse(cursorSchema, cursor, 'cursor') : undefined;
  const rows = await auditPage(db, filters, limit + 1, after);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { events: shown.map(auditToWire), next_cursor: rows.length > limit && last ? cursorOf(last.at, last.id) : null };
}

export const auditCsvHeader = ['at', 'action', 'actor_email', 'actor_user_id', 'target_type', 'target_id', 'subject_user_id', 'ip_address', 'request_id', 'details'] as const;
const auditCells = (e: AuditRow) => [e.at, e.action, e.actorEmail, e.actorUserId, e.targetType, e.targetId, e.subjectUserId, e.ipAddress, e.requestId, e.details];

/** The audit log: the admin screen (filters, paging, CSV) and each user's own events. */
export function auditRoutes(deps: { db: Db; clock: Clock }): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.adminList, ({ query: { cursor, limit, ...filters } }) => page(deps.db, filters, limit, cursor));

  register(c.mine, ({ query: { cursor, limit }, user }) => page(deps.db, { subjectUserId: user.account.id }, limit, cursor));

  register(c.adminExport, ({ query: { excel, ...filters } }, ctx) =>
    sendCsv(
      ctx,
      {
        filename: csvFilename('audit-log', deps.clock.now()),
        header: auditCsvHeader,
        pages: pagesOf((after: AuditExportRow | undefined) => auditExportPage(deps.db, filters, exportPageSize, after), exportPageSize),
        cells: ({ event }) => auditCells(event),
      },
      { excel },
    ),
  );

  return router;
}
