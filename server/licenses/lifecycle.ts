import type { AdminChangeLicenseBody } from '../../shared/api/licenses';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Db } from '../db/client';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { licenceChanged, licenceKeyResent, licenceRevoked } from '../notifications/licensee';
import { updateLicense, type LicenseRow } from './queries';
import { licenseIdHash } from './revocation-list';
import { insertSuccessor, lockLicense, termsOver, type LicenseDeps } from './service';

/**
 * What an administrator does with an issued licence: revoke it, replace it with a new key
 * (extended or with other limits), or e-mail its key again. Each runs in one transaction with its
 * audit event and the licensee's notice, so none happens without the others.
 */

const weekMs = 7 * 86_400_000;
const target = (id: string) => ({ type: 'licence', id });

/** The locked licence, refused when it has no key to act on. */
async function issuedLicence(tx: Db, id: string): Promise<LicenseRow & { licenseKey: string }> {
  const row = await lockLicense(tx, id);
  if (!row) throw new NotFound('License not found');
  if (row.status === 'revoked') throw new Conflict(row.replacedBy ? `This license was replaced by ${row.replacedBy}` : 'This license is already revoked');
  if (!row.licenseKey) throw new Conflict('This license has no key yet: it is waiting for payment');
  return { ...row, licenseKey: row.licenseKey };
}

async function markRevoked(tx: Db, id: string, at: Date, reason: string, replacedBy: string | null): Promise<LicenseRow> {
  const row = await updateLicense(tx, id, { status: 'revoked', revokedAt: at, revokeReason: reason, replacedBy });
  if (!row) throw new NotFound('License not found');
  return row;
}

export function revokeLicence(deps: LicenseDeps, id: string, reason: string, who: AuditWho): Promise<LicenseRow> {
  return deps.db.transaction(async (tx) => {
    const row = await issuedLicence(tx, id);
    const at = deps.clock.now();
    const revoked = await markRevoked(tx, id, at, reason, null);
    await recordAudit(tx, {
      ...who,
      action: 'admin.license.revoked',
      target: target(id),
      subjectUserId: row.userId,
      details: { email: row.email, organization_name: row.organizationName, reason, sha256: licenseIdHash(id) },
      at,
    });
    await licenceRevoked({ ...deps.notices, db: tx }, revoked, reason);
    return revoked;
  });
}

/** The new end date: extended from the current one (or from now once it has passed), none when perpetual. */
function newExpiry(row: LicenseRow, b: AdminChangeLicenseBody, at: Date): Date | null {
  const perpetual = b.perpetual ?? row.perpetual;
  if (perpetual) return null;
  const from = row.expiresAt && !row.perpetual && row.expiresAt > at ? row.expiresAt : at;
  if (b.extend_weeks !== undefined) return new Date(from.getTime() + b.extend_weeks * weekMs);
  if (row.perpetual) throw new InvalidInput('Give extend_weeks to end a perpetual license', { path: ['extend_weeks'] });
  return row.expiresAt;
}

/** A new licence with a newly signed key takes the old one's place; the old id is revoked, so installations refuse its key. */
export function changeLicence(deps: LicenseDeps, id: string, b: AdminChangeLicenseBody, who: AuditWho & { actor: { id: string } }): Promise<LicenseRow> {
  return deps.db.transaction(async (tx) => {
    const row = await issuedLicence(tx, id);
    const at = deps.clock.now();
    const expiresAt = newExpiry(row, b, at);
    const terms = termsOver(row, { usersLimit: b.users_limit, gpusLimit: b.gpus_limit, supportLevel: b.support_level });
    const marks = { perpetual: expiresAt === null, durationWeeks: expiresAt === null ? null : row.durationWeeks, createdByAdmin: who.actor.id };
    const next = await insertSuccessor(deps, tx, row, { ...terms, ...marks }, at, expiresAt);
    await markRevoked(tx, id, at, `Replaced by ${next.id}`, next.id);
    await recordAudit(tx, {
      ...who,
      action: 'admin.license.changed',
      target: target(id),
      subjectUserId: row.userId,
      details: {
        email: row.email,
        organization_name: row.organizationName,
        new_license_id: next.id,
        changes: b,
        expires: next.expiresAt?.toISOString() ?? null,
        users_limit: next.usersLimit,
        gpus_limit: next.gpusLimit,
        support_level: next.supportLevel,
        sha256: licenseIdHash(id),
      },
      at,
    });
    await licenceChanged({ ...deps.notices, db: tx }, row, next);
    return next;
  });
}

export function resendKey(deps: LicenseDeps, id: string, who: AuditWho): Promise<{ sent_to: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await issuedLicence(tx, id);
    const at = deps.clock.now();
    await recordAudit(tx, { ...who, action: 'admin.license.key_resent', target: target(id), subjectUserId: row.userId, details: { email: row.email, organization_name: row.organizationName }, at });
    await licenceKeyResent({ ...deps.notices, db: tx }, row);
    return { sent_to: row.email };
  });
}
