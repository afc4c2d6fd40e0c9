import type { AuditAction, AuditEvent } from '../../shared/api/audit';
import type { Db } from '../db/client';
import { insertAuditEvent, type AuditRow } from './queries';

/** Who did it, from where, in which request: read from the request the action came in. */
export interface AuditWho {
  actor?: { id: string; email: string };
  ip?: string;
  requestId?: string;
}

export interface AuditRecord extends AuditWho {
  action: AuditAction;
  target?: { type: string; id: string };
  /** the account the event concerns (its owner sees it on the Account page) */
  subjectUserId?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

/**
 * Appends one event. Pass the transaction of the action it records, so the event is written if and
 * only if the action is (the table refuses updates and deletes).
 */
export function recordAudit(db: Db, r: AuditRecord): Promise<void> {
  return insertAuditEvent(db, {
    at: r.at,
    action: r.action,
    actorUserId: r.actor?.id ?? null,
    actorEmail: r.actor?.email ?? null,
    targetType: r.target?.type ?? null,
    targetId: r.target?.id ?? null,
    subjectUserId: r.subjectUserId ?? null,
    ipAddress: r.ip ?? null,
    requestId: r.requestId ?? null,
    details: r.details ?? {},
  });
}

export const auditToWire = (e: AuditRow): AuditEvent => ({
  id: e.id,
  at: e.at.toISOString(),
  action: e.action,
  actor_user_id: e.actorUserId,
  actor_email: e.actorEmail,
  target_type: e.targetType,
  target_id: e.targetId,
  subject_user_id: e.subjectUserId,
  ip_address: e.ipAddress,
  request_id: e.requestId,
  details: e.details,
});
