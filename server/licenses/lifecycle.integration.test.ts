/**
 * The licence lifecycle an administrator runs (issue 30): revoke with a reason, extend or change
 * (a new key; the old id revoked), re-send the key, and create for an e-mail with no account. Each
 * is admin-only, audited and told to the licensee; the revoked ids come out as the platform's
 * denylist lines, and the platform's own check (api/pkg/license/license.go) finds them there.
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensesContract as c, type License, unknownEmailCode } from '../../shared/api/licenses';
import { verifyLicenseKey } from '../../shared/licenses/key';
import type { Db } from '../db/client';
import { auditEvents, licenses, mailOutbox, notifications, users } from '../db/schema';
import { api } from '../../test/support/api-client';
import { signIn, signInDefaultUsers } from '../../test/support/sign-in';
import { defaultDevUsers, startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';
import { platformIsRevoked } from '../../test/support/platform-revocation';

describe('licence lifecycle (admin)', () => {
  let server: TestServer;
  let db: Db;
  let user: string;
  let admin: string;
  let userId: string;
  let publicKey: string;

  beforeAll(async () => {
    server = await startTestServer({ DEV_USERS: `${defaultDevUsers},late@example.test:latepass` });
    db = server.deps.db;
    ({ user, admin } = await signInDefaultUsers(server));
    await call(server, c.list, {}, { token: user });
    await call(server, c.list, {}, { token: admin });
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.test'));
    userId = u?.id ?? '';
    publicKey = String((await send(server, c.publicKey, {})).body);
  });
  afterAll(async () => server?.cleanup());

  const issue = (body: Partial<{ email: string; organization_name: string; users_limit: number; duration_weeks: number; perpetual: boolean; confirmUnknownEmail: boolean }> = {}) =>
    call(server, c.adminCreate, { body: { email: 'user@example.test', organization_name: 'Acme Research', users_limit: 20, duration_weeks: 10, ...body } }, { token: admin });
  const auditOf = (action: string, id: string) =>
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, id))
      .then((rows) => rows.filter((r) => r.action === action));
  const noticesOf = (kind: string) =>
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .then((rows) => rows.filter((r) => r.kind === kind));
  const mailTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt));
  const hashList = () => call(server, c.adminRevokedHashes, {}, { token: admin });
  const mine = (token: string) => call(server, c.list, {}, { token });

  it('revokes with a required reason: REVOKED for the user, audited, a notice and e-mail, and the platform check refuses the id', async () => {
    const lic = await issue();
    const path = `/api/admin/licenses/${lic.id}/revoke`;
    expect((await api(server, path, { method: 'POST', token: user, body: { reason: 'Chargeback' } })).status).toBe(403);
    expect((await api(server, path, { method: 'POST', body: { reason: 'Chargeback' } })).status).toBe(401);
    const blank = await api(server, path, { method: 'POST', token: admin, body: { reason: '   ' } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Please give a reason');
    expect(platformIsRevoked((await hashList()).go_map_entries, lic.id).revoked).toBe(false);

    const revoked = await call(server, c.adminRevoke, { params: { id: lic.id }, body: { reason: 'Card payment charged back' } }, { token: admin });
    expect(revoked).toMatchObject({ status: 'revoked', revoke_reason: 'Card payment charged back' });
    expect((await mine(user)).find((l) => l.id === lic.id)?.status).toBe('revoked');
    expect((await api(server, path, { method: 'POST', token: admin, body: { reason: 'again' } })).status).toBe(409);

    const [event] = await auditOf('admin.license.revoked', lic.id);
    expect(event?.details).toMatchObject({ reason: 'Card payment charged back', sha256: createHash('sha256').update(lic.id).digest('hex') });
    expect(event?.actorEmail).toBe('admin@example.test');
    const [notice] = (await noticesOf('licence_revoked')).filter((n) => n.body.includes(lic.id));
    expect(notice?.title).toBe('Your license for Acme Research was revoked');
    expect(notice?.body).toContain('Reason: Card payment charged back.');
    expect((await mailTo('user@example.test')).some((m) => m.subject === notice?.title)).toBe(true);

    const list = await hashList();
    const entry = list.hashes.find((h) => h.license_id === lic.id);
    expect(entry).toMatchObject({ reason: 'Card payment charged back', organization_name: 'Acme Research' });
    expect(list.go_map_entries).toContain(`\t"${entry?.sha256}": "${entry?.code}",\n`);
    expect(platformIsRevoked(list.go_map_entries, lic.id)).toEqual({ code: entry?.code, revoked: true });
    expect(platformIsRevoked(list.go_map_entries, `${lic.id} `).revoked).toBe(false);
    expect((await api(server, '/api/admin/licenses/revoked-hashes', { token: user })).status).toBe(403);
  });

  it('refuses to revoke a licence that has no key yet', async () => {
    const pending = await call(server, c.create, { body: { type: 'enterprise', organization_name: 'Wire Co' } }, { token: user });
    const res = await api(server, `/api/admin/licenses/${pending.id}/revoke`, { method: 'POST', token: admin, body: { reason: 'Mistake' } });
    expect(res.status).toBe(409);
  });

  it('extends and changes limits with a newly signed key; the old id is revoked and listed', async () => {
    const lic = await issue({ users_limit: 20, duration_weeks: 10 });
    const path = `/api/admin/licenses/${lic.id}/change`;
    expect((await api(server, path, { method: 'POST', token: user, body: { extend_weeks: 4 } })).status).toBe(403);
    expect((await api(server, path, { method: 'POST', token: admin, body: {} })).status).toBe(400);

    const next: License = await call(server, c.adminChange, { params: { id: lic.id }, body: { extend_weeks: 4, users_limit: 50, support_level: 'premium' } }, { token: admin });
    expect(next.id).not.toBe(lic.id);
    expect(next).toMatchObject({ status: 'active', users_limit: 50, support_level: 'premium', user_email: 'user@example.test' });
    expect(Date.parse(next.expires ?? '') - Date.parse(lic.expires ?? '')).toBe(4 * 7 * 86_400_000);
    const check = await verifyLicenseKey(next.license_key ?? '', publicKey);
    expect(check.ok && check.data).toMatchObject({ id: next.id, limits: { users: 50 }, valid_until: next.expires });

    const listed = await mine(user);
    expect(listed.find((l) => l.id === lic.id)).toMatchObject({ status: 'revoked', replaced_by: next.id });
    expect(listed.find((l) => l.id === next.id)?.status).toBe('active');
    expect(platformIsRevoked((await hashList()).go_map_entries, lic.id).revoked).toBe(true);
    expect(platformIsRevoked((await hashList()).go_map_entries, next.id).revoked).toBe(false);

    const [event] = await auditOf('admin.license.changed', lic.id);
    expect(event?.details).toMatchObject({ new_license_id: next.id, users_limit: 50, support_level: 'premium' });
    const [notice] = (await noticesOf('licence_changed')).filter((n) => n.body.includes(next.id));
    expect(notice?.body).toContain(`the old license ${lic.id} is revoked`);
    expect((await api(server, path, { method: 'POST', token: admin, body: { extend_weeks: 1 } })).status).toBe(409);
  });

  it('makes a licence perpetual, and asks for an end date before ending one', async () => {
    const lic = await issue();
    const forever = await call(server, c.adminChange, { params: { id: lic.id }, body: { perpetual: true } }, { token: admin });
    expect(forever.expires).toBeNull();
    expect((await api(server, `/api/admin/licenses/${forever.id}/change`, { method: 'POST', token: admin, body: { perpetual: false } })).status).toBe(400);
    const ended = await call(server, c.adminChange, { params: { id: forever.id }, body: { perpetual: false, extend_weeks: 2 } }, { token: admin });
    expect(ended.expires).not.toBeNull();
  });

  it('re-sends the key by e-mail through the outbox, audited', async () => {
    const lic = await issue({ organization_name: 'Resend Ltd' });
    const path = `/api/admin/licenses/${lic.id}/resend-key`;
    expect((await api(server, path, { method: 'POST', token: user })).status).toBe(403);
    expect(await call(server, c.adminResendKey, { params: { id: lic.id } }, { token: admin })).toEqual({ sent_to: 'user@example.test' });
    const mail = (await mailTo('user@example.test')).find((m) => m.subject === 'Your license key for Resend Ltd');
    expect(mail?.body).toContain(lic.license_key ?? 'no key');
    expect(await auditOf('admin.license.key_resent', lic.id)).toHaveLength(1);
  });

  it('asks before creating a licence for an e-mail no account uses, mails it there, and links it at that first sign-in', async () => {
    const body = { email: 'Late@Example.test', organization_name: 'Late Starters' };
    const refused = await send(server, c.adminCreate, { body: { ...body, perpetual: true } }, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringContaining('No account uses late@example.test yet') as unknown, details: { code: unknownEmailCode } });

    const lic = await issue({ ...body, perpetual: true, confirmUnknownEmail: true });
    expect(lic.user_email).toBe('late@example.test');
    const [row] = await db.select().from(licenses).where(eq(licenses.id, lic.id));
    expect(row?.userId).toBeNull();
    await call(server, c.adminResendKey, { params: { id: lic.id } }, { token: admin });
    expect((await mailTo('late@example.test')).some((m) => m.body.includes(lic.license_key ?? 'no key'))).toBe(true);

    const late = (await signIn(server, 'late@example.test', 'latepass')).accessToken;
    expect((await mine(late)).map((l) => l.id)).toContain(lic.id);
    const [linked] = await db.select().from(licenses).where(eq(licenses.id, lic.id));
    const [lateUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'late@example.test'));
    expect(linked?.userId).toBe(lateUser?.id);
  });
});
