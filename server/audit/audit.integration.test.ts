import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditContract as a, type AuditEvent } from '../../shared/api/audit';
import { authContract } from '../../shared/api/auth';
import { billingContract } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { defaultBrand } from '../../shared/brand';
import { auditEvents, deployments } from '../db/schema';
import { api } from '../../test/support/api-client';
import { frozenClock } from '../../test/support/clock';
import { openLoginPage, signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { flushSignInRefusals } from './security';
import { call, send } from '../../test/support/typed-client';
import { parseCsv } from '../../test/support/csv';

const d = deploymentsContract(defaultBrand);

/**
 * The audit log (issue 22): each admin action and security event is recorded once with actor,
 * target, address and request id; admins filter and page it; users read only their own; the table
 * refuses updates and deletes.
 */
describe('audit log', () => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '2', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '50' }, { clock: frozenClock() });
    tokens = await signInDefaultUsers(server);
    userId = (await call(server, authContract.me, {}, { token: tokens.user })).id;
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  /** Sends with a chosen address and request id, so the event can be checked for both. */
  const from = (ip: string, requestId: string) => ({ 'x-forwarded-for': ip, 'x-request-id': requestId });
  const adminEvents = async (query: Record<string, string> = {}) => (await call(server, a.adminList, { query }, { token: tokens.admin })).events;
  const latest = async (action: string): Promise<AuditEvent> => {
    const [event] = await adminEvents({ action });
    if (!event) throw new Error(`no ${action} event`);
    return event;
  };

  async function insertDeployment(owner: string, name: string): Promise<string> {
    const id = randomUUID();
    await server.deps.db.insert(deployments).values({ id, userId: owner, name, typeId: 'trial_vm_hetzner', provider: 'local', status: 'running' });
    return id;
  }

  it('an admin top-up: actor, target, subject, address and request id, once per Idempotency-Key', async () => {
    const headers = { ...from('198.51.100.7', 'req-topup-1'), 'idempotency-key': 'audit-topup-1' };
    for (let i = 0; i < 2; i++) {
      const res = await api(server, '/api/admin/balance/topup', { token: tokens.admin, body: { email: 'user@example.test', amount_cents: 1234, reason: 'test' }, headers });
      expect(res.status).toBe(200);
    }
    const events = await adminEvents({ action: 'admin.balance.topup' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_email: 'admin@example.test',
      target_type: 'user',
      target_id: userId,
      subject_user_id: userId,
      ip_address: '198.51.100.7',
      request_id: 'req-topup-1',
      details: { amount_cents: 1234, email: 'user@example.test' },
    });
  });

  it('licence create and mark-paid by an admin', async () => {
    const created = await api(server, '/api/admin/licenses/create', {
      token: tokens.admin,
      body: { email: 'user@example.test', organization_name: 'Audit Org', perpetual: true },
      headers: from('198.51.100.8', 'req-lic-1'),
    });
    expect(created.status).toBe(201);
    const licenceId = (created.body as { id: string }).id;
    expect(await latest('admin.license.created')).toMatchObject({
      target_type: 'licence',
      target_id: licenceId,
      subject_user_id: userId,
      ip_address: '198.51.100.8',
      request_id: 'req-lic-1',
      actor_email: 'admin@example.test',
    });

    const pending = await call(server, licensesContract.create, { body: { type: 'enterprise', organization_name: 'Wire Co' } }, { token: tokens.user });
    await call(server, licensesContract.adminMarkPaid, { params: { id: pending.id } }, { token: tokens.admin });
    expect(await latest('admin.license.marked_paid')).toMatchObject({ target_type: 'licence', target_id: pending.id, subject_user_id: userId, actor_email: 'admin@example.test' });
    // Marked paid twice: a 409, and no second event.
    expect((await send(server, licensesContract.adminMarkPaid, { params: { id: pending.id } }, { token: tokens.admin })).status).toBe(409);
    expect(await adminEvents({ action: 'admin.license.marked_paid' })).toHaveLength(1);
  });

  it('admin deletes: a single delete and a bulk delete (batch named), each with the owner as subject', async () => {
    const single = await insertDeployment(userId, 'single');
    const res = await api(server, `/api/admin/deployments/${single}`, { method: 'DELETE', token: tokens.admin, headers: from('198.51.100.9', 'req-del-1') });
    expect(res.status).toBe(204);
    expect(await latest('admin.deployment.deleted')).toMatchObject({
      target_id: single,
      subject_user_id: userId,
      ip_address: '198.51.100.9',
      request_id: 'req-del-1',
      details: { bulk: false, name: 'single' },
    });

    const batch = randomUUID();
    const ids = [await insertDeployment(userId, 'bulk-1'), await insertDeployment(userId, 'bulk-2')];
    for (const id of ids) await call(server, d.adminRemove, { params: { id }, query: { batch, batch_size: 2 } }, { token: tokens.admin });
    const bulk = (await adminEvents({ action: 'admin.deployment.deleted' })).filter((e) => e.details.batch === batch);
    expect(bulk.map((e) => e.target_id).sort()).toEqual([...ids].sort());
    expect(bulk[0]?.details).toMatchObject({ bulk: true, batch_size: 2 });
  });

  it('a refused delete (unknown deployment) records nothing', async () => {
    const before = (await adminEvents({ action: 'admin.deployment.deleted' })).length;
    const missing = await send(server, d.adminRemove, { params: { id: randomUUID() } }, { token: tokens.admin });
    expect(missing.status).toBe(404);
    expect(await adminEvents({ action: 'admin.deployment.deleted' })).toHaveLength(before);
  });

  it('API key created and revoked, by the user, about the user', async () => {
    const created = await api(server, '/api/auth/api-keys', { token: tokens.user, body: { name: 'audited', scopes: ['read'], expires_in_days: 30 }, headers: from('198.51.100.10', 'req-key-1') });
    expect(created.status).toBe(201);
    const keyId = (created.body as { id: string }).id;
    expect(await latest('auth.api_key.created')).toMatchObject({
      actor_email: 'user@example.test',
      target_type: 'api_key',
      target_id: keyId,
      subject_user_id: userId,
      ip_address: '198.51.100.10',
      request_id: 'req-key-1',
      details: { name: 'audited', scopes: ['read'] },
    });
    await api(server, `/api/auth/api-keys/${keyId}`, { method: 'DELETE', token: tokens.user, headers: from('198.51.100.11', 'req-key-2') });
    expect(await latest('auth.api_key.revoked')).toMatchObject({ target_id: keyId, ip_address: '198.51.100.11', request_id: 'req-key-2' });
  });

  it('sign-ins refused over the limit are recorded once per account and window with their count; the account named sees them', async () => {
    const page = await openLoginPage(server);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await page.submit('user@example.test', `wrong-${i}`, from('203.0.113.50', `req-signin-${i}`)));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 429, 429]);
    // Written when the window ends (the job); here at once.
    await flushSignInRefusals(server.deps, { all: true });
    expect(await latest('auth.sign_in.limited')).toMatchObject({
      actor_email: null,
      target_type: 'account',
      target_id: 'user@example.test',
      subject_user_id: userId,
      details: { refused: 2 },
    });
  });

  it('filters (action, actor, target, dates) and (at, id) cursor paging', async () => {
    expect((await adminEvents({ actor: 'ADMIN@example' })).every((e) => e.actor_email === 'admin@example.test')).toBe(true);
    expect((await adminEvents({ target: userId })).every((e) => e.target_id === userId)).toBe(true);
    // an e-mail finds the events about that account: those naming it as target or subject
    const byId = await adminEvents({ target: userId, limit: '200' });
    const aboutUser = (await adminEvents({ limit: '200' })).filter((e) => e.target_id === userId || e.subject_user_id === userId || e.target_id?.includes('user@example.test'));
    const byEmail = await adminEvents({ target: 'User@Example.test', limit: '200' });
    expect(byId.length).toBeGreaterThan(0);
    expect(byEmail.map((e) => e.id)).toEqual(aboutUser.map((e) => e.id));
    expect(await adminEvents({ target: 'nobody@example.test' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await adminEvents({ from: today, to: today })).length).toBeGreaterThan(3);
    expect(await adminEvents({ to: '2000-01-01' })).toEqual([]);

    const all = await adminEvents({ limit: '200' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(server, a.adminList, { query: { limit: 2, cursor } }, { token: tokens.admin });
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    expect((await send(server, a.adminList, { query: { cursor: 'not-a-cursor' } }, { token: tokens.admin })).status).toBe(400);
  });

  it('users read only their own events; admin routes are 403 for them', async () => {
    const mine = await call(server, a.mine, { query: {} }, { token: tokens.user });
    expect(mine.events.length).toBeGreaterThan(0);
    expect(mine.events.every((e) => e.subject_user_id === userId)).toBe(true);
    const theirs = await call(server, a.mine, { query: {} }, { token: tokens.other });
    expect(theirs.events.some((e) => e.subject_user_id === userId)).toBe(false);
    for (const entry of [a.adminList, a.adminExport] as const) {
      const res = await send(server, entry, { query: {} }, { token: tokens.user });
      expect(res.status).toBe(403);
    }
  });

  it('is append-only: the database refuses updates and deletes', async () => {
    const db = server.deps.db;
    /** drizzle wraps the database's error: its cause says why */
    const refusal = (p: PromiseLike<unknown>) =>
      Promise.resolve(p).then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(db.update(auditEvents).set({ action: 'tampered' }))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditEvents))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update audit_events set ip_address = null`))).toMatch(/append-only/);
    expect((await adminEvents()).length).toBeGreaterThan(0);
  });

  it('the CSV export of the audit log: admins only, with the filters', async () => {
    const res = await api(server, '/api/admin/audit/export?action=admin.balance.topup', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(String(res.body));
    expect(header).toEqual(['at', 'action', 'actor_email', 'actor_user_id', 'target_type', 'target_id', 'subject_user_id', 'ip_address', 'request_id', 'details']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(1, 3)).toEqual(['admin.balance.topup', 'admin@example.test']);
    expect((await send(server, billingContract.adminBalancesExport, {}, { token: tokens.user })).status).toBe(403);
  });
});
