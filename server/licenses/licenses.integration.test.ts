import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensesContract as c } from '../../shared/api/licenses';
import type { RouteInput } from '../../shared/api/route';
import { verifyLicenseKey } from '../../shared/licenses/key';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { api } from '../../test/support/api-client';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';

type NewLicense = RouteInput<typeof c.create>['body'];

describe('licenses', () => {
  let server: TestServer;
  let user: string;
  let other: string;
  let admin: string;
  let publicKey: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ user, other, admin } = await signInDefaultUsers(server));
    publicKey = String((await send(server, c.publicKey, {})).body);
  });
  afterAll(async () => server?.cleanup());

  /** any body, bad ones included: the raw answer */
  const create = (token: string, body: Record<string, unknown>) => send(server, c.create, { body: body as NewLicense }, { token });
  /** a body that must be created: the license */
  const created = (token: string, body: NewLicense) => call(server, c.create, { body }, { token });
  const mine = (token: string) => call(server, c.list, {}, { token });

  it('publishes the public key and the terms', async () => {
    expect(publicKey).toMatch(/BEGIN PUBLIC KEY/);
    expect((await call(server, c.terms, {})).content).toContain('License Terms');
  });

  it('creates an active community license with a key installations accept', async () => {
    const lic = await created(user, { type: 'community', organization_name: 'Tiny Lab' });
    expect(lic).toMatchObject({ type: 'community', status: 'active', payment_status: 'none' });
    const check = await verifyLicenseKey(lic.license_key ?? '', publicKey);
    expect(check.ok && !check.expired && check.data.organization).toBe('Tiny Lab');
  });

  it('allows one active trial per user with 10 users, 3 GPUs and 14 days', async () => {
    const lic = await created(user, { type: 'trial', organization_name: 'Tiny Lab' });
    expect(lic).toMatchObject({ users_limit: 10, gpus_limit: 3, status: 'active' });
    const days = (Date.parse(lic.expires ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect((await create(user, { type: 'trial', organization_name: 'Tiny Lab' })).status).toBe(409);
  });

  it.each([
    [{ type: 'community', organization_name: '  ' }, 'organization'],
    [{ type: 'enterprise', organization_name: 'A', users_limit: 9 }, 'users_limit'],
    [{ type: 'enterprise', organization_name: 'A', gpus_limit: -1 }, 'gpus_limit'],
    [{ type: 'enterprise', organization_name: 'A', support_level: 'gold' }, 'support_level'],
    [{ type: 'platinum', organization_name: 'A' }, 'type'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await create(user, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('keeps an enterprise license pending until paid by card, then active for a year with a key; paying twice changes nothing', async () => {
    const lic = await created(user, { type: 'enterprise', organization_name: 'Acme', users_limit: 25, gpus_limit: 2, support_level: 'email' });
    expect(lic).toMatchObject({ status: 'pending', payment_status: 'pending', license_key: null, amount_cents: (12_000 + 24_000 + 7_200 + 12_000) * 100 });
    expect((await api(server, '/api/license/checkout', { method: 'POST', token: other, body: { license_id: lic.id } })).status).toBe(404);
    const url = (await call(server, c.checkout, { body: { license_id: lic.id, users_limit: 25, gpus_limit: 2, support_level: 'email' } }, { token: user })).checkout_url;
    const browser = await openLocalCheckout(url);
    expect(browser.html).toContain('$55,200.00');
    const paid = await browser.post('pay');
    expect(paid.headers.get('location')).toBe('/licenses?checkout=success');
    const active = (await mine(user)).find((l) => l.id === lic.id);
    expect(active).toMatchObject({ status: 'active', payment_status: 'paid' });
    const check = await verifyLicenseKey(active?.license_key ?? '', publicKey);
    expect(check.ok && check.data.limits).toEqual({ users: 25, machines: 2 });
    await browser.post('pay');
    expect((await mine(user)).find((l) => l.id === lic.id)?.expires).toBe(active?.expires);
  });

  it('hides a deleted license from the list only', async () => {
    const lic = await created(other, { type: 'community', organization_name: 'Other Co' });
    expect((await api(server, `/api/licenses/${lic.id}`, { method: 'DELETE', token: user })).status).toBe(404);
    expect(await call(server, c.hide, { params: { id: lic.id } }, { token: other })).toBe(true);
    expect((await mine(other)).map((l) => l.id)).not.toContain(lic.id);
    const all = await call(server, c.adminList, {}, { token: admin });
    expect(all.licenses.find((l) => l.id === lic.id)?.status).toBe('active');
  });

  it('lets only admins list, mark paid and create licenses', async () => {
    expect((await api(server, '/api/admin/licenses', { token: user })).status).toBe(403);
    expect((await api(server, '/api/admin/licenses')).status).toBe(401);
    const pending = await created(other, { type: 'enterprise', organization_name: 'Wire Co' });
    expect((await api(server, `/api/admin/licenses/${pending.id}/mark-paid`, { method: 'POST', token: user })).status).toBe(403);
    const marked = await call(server, c.adminMarkPaid, { params: { id: pending.id } }, { token: admin });
    expect(marked.status).toBe('active');
    expect((await api(server, `/api/admin/licenses/${pending.id}/mark-paid`, { method: 'POST', token: admin })).status).toBe(409);

    const body = { email: 'newcomer@example.test', organization_name: 'Forever Inc', perpetual: true, confirmUnknownEmail: true };
    expect((await api(server, '/api/admin/licenses/create', { method: 'POST', token: user, body })).status).toBe(403);
    const made = await call(server, c.adminCreate, { body }, { token: admin });
    expect(made).toMatchObject({ status: 'active', expires: null, user_email: 'newcomer@example.test' });
    const check = await verifyLicenseKey(made.license_key ?? '', publicKey);
    expect(check.ok && check.data.valid_until).toBe('9999-12-31T23:59:59Z');
    expect((await api(server, '/api/admin/licenses/create', { method: 'POST', token: admin, body: { ...body, perpetual: false } })).status).toBe(400);
    expect((await api(server, '/api/admin/licenses/create', { method: 'POST', token: admin, body: { ...body, perpetual: false, duration_weeks: 521 } })).status).toBe(400);
  });

  it('pages the admin list', async () => {
    for (let i = 0; i < 21; i++) await create(other, { type: 'community', organization_name: `Org ${i}` });
    const p1 = await call(server, c.adminList, { query: { page: 1 } }, { token: admin });
    const p2 = await call(server, c.adminList, { query: { page: 2 } }, { token: admin });
    expect(p1.licenses).toHaveLength(20);
    expect(p1.total_pages).toBeGreaterThanOrEqual(2);
    expect(new Set([...p1.licenses, ...p2.licenses].map((l) => l.id)).size).toBe(p1.licenses.length + p2.licenses.length);
    expect((await api(server, '/api/admin/licenses?page=0', { token: admin })).status).toBe(400);
  });
});
