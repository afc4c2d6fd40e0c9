/**
 * Renew (issue 30): the licensee of an enterprise licence pays the same terms again from 30 days
 * before it ends, through the licence checkout (here the local page), and a successor licence with
 * a new key continues it; audited, told to the licensee, once however many times it is clicked.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/api/billing';
import { licensesContract as c } from '../../shared/api/licenses';
import { verifyLicenseKey } from '../../shared/licenses/key';
import { quoteEnterprise } from '../../shared/licenses/pricing';
import { auditEvents, checkoutSessions, notifications } from '../db/schema';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';

const day = 86_400_000;
const week = 7 * day;

describe('Renew an enterprise licence', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({}, { clock, signIn: 'all' });
  // a first request makes the account the administrator issues licences to
  beforeAll(() => call(server, c.list, {}, { token: tokens.user }));

  const issue = (org: string, weeks: number) =>
    call(
      server,
      c.adminCreate,
      { body: { email: 'user@example.test', organization_name: org, users_limit: 20, gpus_limit: 2, support_level: 'email', duration_weeks: weeks } },
      { token: tokens.admin },
    );
  const renew = (id: string, token = tokens.user) => send(server, c.renew, { params: { id } }, { token });
  const mine = async (id: string) => (await call(server, c.list, {}, { token: tokens.user })).find((l) => l.id === id);
  const openCheckouts = async (id: string) => (await server.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.reference, id))).filter((s) => s.status === 'open');

  it('opens 30 days before the end, charges the same terms, and issues a successor until the old end plus the period', async () => {
    const lic = await issue('Renewing Ltd', 52);
    const early = await renew(lic.id);
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('can be renewed from 30 days before it expires');
    expect((await mine(lic.id))?.renewal).toBeNull();

    clock.advance(52 * week - 20 * day); // 20 days left
    const offered = await mine(lic.id);
    const price = quoteEnterprise({ users: 20, gpus: 2, support: 'email' }).annualCents;
    const oldEnd = new Date(lic.expires ?? '');
    expect(offered?.renewal).toEqual({ amount_cents: price, until: new Date(oldEnd.getTime() + 52 * week).toISOString() });

    // not someone else's, and not a licence that does not exist
    expect((await renew(lic.id, tokens.other)).status).toBe(404);
    expect((await renew('lic_00000000000000000000')).status).toBe(404);
    expect((await api(server, `/api/licenses/${lic.id}/renew`, { method: 'POST' })).status).toBe(401);

    const started = await call(server, c.renew, { params: { id: lic.id } }, { token: tokens.user });
    const page = await openLocalCheckout(started.checkout_url);
    expect(page.html).toContain('License renewal');
    expect(page.html).toContain(formatCents(price));
    const paid = await page.post('pay');
    expect(paid.headers.get('location')).toBe('/licenses?checkout=renewed');

    const old = await mine(lic.id);
    expect(old).toMatchObject({ status: 'active', renewal: null });
    const next = await mine(old?.renewed_by ?? '');
    expect(next).toMatchObject({ type: 'enterprise', status: 'active', users_limit: 20, gpus_limit: 2, support_level: 'email', expires: new Date(oldEnd.getTime() + 52 * week).toISOString() });
    const publicKey = String((await send(server, c.publicKey, {})).body);
    const key = await verifyLicenseKey(next?.license_key ?? '', publicKey, clock.now());
    expect(key.ok && key.data).toMatchObject({ id: next?.id, organization: 'Renewing Ltd', valid_until: next?.expires, limits: { users: 20, machines: 2 } });

    const [audit] = (await server.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, lic.id))).filter((e) => e.action === 'license.renewed');
    expect(audit).toMatchObject({ action: 'license.renewed', actorEmail: 'user@example.test' });
    expect(audit?.details).toMatchObject({ new_license_id: next?.id, amount_cents: price });
    const told = (
      await server.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `licence_renewed:${lic.id}`))
    )[0];
    expect(told?.title).toBe('Your license for Renewing Ltd was renewed');
    expect(told?.body).toContain(`the new license ${next?.id ?? ''}`);

    // once renewed, the old one cannot be renewed again; the successor opens 30 days before its own end
    const again = await renew(lic.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('renewed already');
    expect((await renew(next?.id ?? '')).status).toBe(409);
  });

  it('renews an expired licence from now, and turns away licences that cannot be renewed', async () => {
    const lic = await issue('Lapsed Co', 4);
    clock.advance(5 * week); // a week past its end
    expect((await mine(lic.id))?.status).toBe('expired');
    const { checkout_url } = await call(server, c.renew, { params: { id: lic.id } }, { token: tokens.user });
    await (await openLocalCheckout(checkout_url)).post('pay');
    const next = await mine((await mine(lic.id))?.renewed_by ?? '');
    expect(new Date(next?.expires ?? '').getTime()).toBeCloseTo(clock.now().getTime() + 4 * week, -5);

    const trial = await call(server, c.create, { body: { type: 'trial', organization_name: 'Trial Co' } }, { token: tokens.user });
    const notRenewable = await renew(trial.id);
    expect(notRenewable.status).toBe(409);
    expect(JSON.stringify(notRenewable.body)).toContain('An Enterprise Trial cannot be renewed');
    const perpetual = await call(server, c.adminCreate, { body: { email: 'user@example.test', organization_name: 'Forever', users_limit: 10, perpetual: true } }, { token: tokens.admin });
    expect(JSON.stringify((await renew(perpetual.id)).body)).toContain('does not expire');
  });

  it('takes 20 Renew clicks at once as one payable checkout, and delivers one successor', async () => {
    const lic = await issue('Racing Ltd', 3); // 21 days: inside the window at once
    const answers = await Promise.all(Array.from({ length: 20 }, () => renew(lic.id)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await openCheckouts(lic.id)).toHaveLength(1);
    const pages = await Promise.all(answers.map((a) => openLocalCheckout(c.renew.responses[200].schema.parse(a.body).checkout_url)));
    const paid = await Promise.all(pages.map((p) => p.post('pay')));
    expect(paid.filter((r) => r.status === 302)).toHaveLength(1);
    const successors = (await call(server, c.list, {}, { token: tokens.user })).filter((l) => l.organization_name === 'Racing Ltd' && l.id !== lic.id);
    expect(successors).toHaveLength(1);
  });
});
