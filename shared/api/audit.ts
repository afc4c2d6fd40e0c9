import { z } from 'zod';
import { file, json, routesOf } from './route';
import { safeText } from './text';
import { csvFormat } from './list-query';

/** What the audit log records (issue 22): admin actions and security events. */
export const auditActions = [
  'admin.balance.topup',
  'admin.license.created',
  'admin.license.marked_paid',
  'admin.license.revoked',
  'admin.license.changed',
  'admin.license.key_resent',
  'license.renewed',
  'license.renewal_requested',
  'admin.deployment.deleted',
  'admin.api_key.revoked',
  'auth.api_key.created',
  'auth.api_key.revoked',
  'auth.sign_in.limited',
  'auth.identity.linked',
  'auth.identity.moved',
  'team.created',
  'team.renamed',
  'team.deleted',
  'team.member.invited',
  'team.invitation.revoked',
  'team.invitation.resent',
  'team.invitation.declined',
  'team.member.joined',
  'team.member.role_changed',
  'team.member.removed',
  'team.ownership.transferred',
  'balance.moved',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How the screens name each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'admin.balance.topup': 'Balance topped up by an administrator',
  'admin.license.created': 'License created by an administrator',
  'admin.license.marked_paid': 'License marked paid',
  'admin.license.revoked': 'License revoked by an administrator',
  'admin.license.changed': 'License extended or changed by an administrator (new key)',
  'admin.license.key_resent': 'License key re-sent by an administrator',
  'license.renewed': 'License renewed and paid by its licensee (new license)',
  'license.renewal_requested': 'Renewal by bank transfer requested (new license waits for the transfer)',
  'admin.deployment.deleted': 'Deployment deleted by an administrator',
  'admin.api_key.revoked': 'API key revoked by an administrator',
  'auth.api_key.created': 'API key created',
  'auth.api_key.revoked': 'API key revoked',
  'auth.sign_in.limited': 'Sign-in refused: too many failed attempts',
  'auth.identity.linked': 'Sign-in from another identity provider linked to an account by its verified e-mail',
  'auth.identity.moved': "Account kept across the identity provider's change of address",
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.deleted': 'Team deleted',
  'team.member.invited': 'Team member invited',
  'team.invitation.revoked': 'Team invitation revoked',
  'team.invitation.resent': 'Team invitation sent again (new link)',
  'team.invitation.declined': 'Team invitation declined',
  'team.member.joined': 'Team member joined',
  'team.member.role_changed': "Team member's role changed",
  'team.member.removed': 'Team member removed or left',
  'team.ownership.transferred': 'Team ownership transferred',
  'balance.moved': 'Credit moved between accounts',
};

export const auditActionLabel = (action: string): string => (auditActionLabels as Record<string, string>)[action] ?? action;

export const auditEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  subject_user_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditPageMax = 200;
const limit = z.coerce.number().int().min(1).max(auditPageMax).default(50);
/** `at|id` of the last event of a page, as next_cursor wrote it */
const cursor = safeText({ max: 200 }).optional();
/** a day (`2026-11-24`, read as UTC) or an instant */
const day = safeText({ max: 40 })
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'must be a date such as 2026-11-24')
  .optional();

/** The admin screen's filters; the CSV export takes the same ones. */
export const auditFilters = z.object({
  action: safeText({ max: 80 }).optional(),
  /** part of the actor's e-mail, any case */
  actor: safeText({ max: 320 }).optional(),
  /** part of the target's id */
  target: safeText({ max: 200 }).optional(),
  /** from this day (inclusive) */
  from: day,
  /** until this day (inclusive) */
  to: day,
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const adminAuditQuery = auditFilters.extend({ cursor, limit });
export const myAuditQuery = z.object({ cursor, limit });
export const auditPage = z.object({ events: z.array(auditEvent), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

const route = routesOf('auth');

export const auditContract = {
  adminList: route('admin', 'admin.audit.list', 'GET /api/admin/audit', {
    summary: 'The audit log, newest first (admin)',
    query: adminAuditQuery,
    responses: { 200: json('A page of events', auditPage) },
  }),
  adminExport: route('admin', 'admin.audit.export', 'GET /api/admin/audit/export', {
    summary: 'The audit log as CSV, with the list filters; excel=1 adds a UTF-8 byte-order mark (admin)',
    query: auditFilters.extend(csvFormat.shape),
    responses: { 200: file('CSV', 'text/csv') },
  }),
  mine: route('user', 'audit.mine', 'GET /api/audit/mine', {
    summary: "Events of the caller's own account, newest first",
    query: myAuditQuery,
    responses: { 200: json('A page of events', auditPage) },
  }),
};
