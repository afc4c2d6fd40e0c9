/**
 * Renew by bank transfer (issue 44): where BANK_* settings offer bank transfer, the Renew dialog
 * offers it as Pay Now does. The renewing licence waits for its transfer like a new licence (its
 * own wire reference and amount), an administrator marks it paid, and it then continues the old
 * licence exactly as a card renewal does. Without bank settings the server refuses it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { licensesContract as c } from '../../shared/api/licenses';
import { quoteEnterprise, wireReference } from '../../shared/licenses/pricing';
import { auditEvents } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';

const day = 86_400_000;
const week = 7 * day;
const bankEnv = { BANK_NAME: 'Example Bank', BANK_ACCOUNT_NAME: 'Helix Operator Ltd', BANK_SORT_CODE: '601613', BANK_ACCOUNT_NUMBER: '31926819' };

describe('Renew by bank transfer', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer(bankEnv, { clock, signIn: 'all' });
  beforeAll(() => call(server, c.list, {}, { token: tokens.user }));

  const issue = (org: string, weeks: number) =>
    call(
      server,
      c.adminCreate,
      { body: { email: 'user@example.test', organization_name: org, users_limit: 20, gpus_limit: 2, support_level: 'email', duration_weeks: weeks } },
      { token: tokens.admin },
    );
  const byTransfer = (id: string, token = tokens.user) => send(server, c.renewByTransfer, { params: { id } }, { token });
  const mine = async (id: string) => (await call(server, c.list, {}, { token: tokens.user })).find((l) => l.id === id);

  it('waits for the transfer with its own reference, and once marked paid continues the old licence until its end plus the period', async () => {
    const lic = await issue('Wire Renewals Ltd', 52);
    expect((await byTransfer(lic.id)).status).toBe(409); // not yet inside the window
    clock.advance(52 * week - 10 * day);
    expect((await byTransfer(lic.id, tokens.other)).status).toBe(404);

    const waiting = await call(server, c.renewByTransfer, { params: { id: lic.id } }, { token: tokens.user });
    const price = quoteEnterprise({ users: 20, gpus: 2, support: 'email' }).annualCents;
    expect(waiting).toMatchObject({ status: 'pending', payment_status: 'pending', renews: lic.id, amount_cents: price, license_key: null, users_limit: 20, gpus_limit: 2, support_level: 'email' });
    expect(waiting.wire_reference).toBe(wireReference(waiting.id));
    // asking again (the dialog opened twice) answers the same one
    expect((await call(server, c.renewByTransfer, { params: { id: lic.id } }, { token: tokens.user })).id).toBe(waiting.id);
    // the old licence is still renewable by card meanwhile, and stays active
    expect((await mine(lic.id))?.renewal?.amount_cents).toBe(price);

    const marked = await call(server, c.adminMarkPaid, { params: { id: waiting.id } }, { token: tokens.admin });
    expect(marked).toMatchObject({ status: 'active', payment_status: 'paid', expires: new Date(new Date(lic.expires ?? '').getTime() + 52 * week).toISOString() });
    expect(marked.license_key).toBeTruthy();
    expect(await mine(lic.id)).toMatchObject({ status: 'active', renewed_by: waiting.id, renewal: null });
    const actions = (await server.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, lic.id))).map((e) => e.action);
    expect(actions).toContain('license.renewal_requested');
    expect((await byTransfer(lic.id)).status).toBe(409);
  });

  it('a card renewal paid while a transfer renewal waits takes it off the list', async () => {
    const lic = await issue('Changed Mind Ltd', 3);
    const waiting = await call(server, c.renewByTransfer, { params: { id: lic.id } }, { token: tokens.user });
    const { checkout_url } = await call(server, c.renew, { params: { id: lic.id } }, { token: tokens.user });
    await (await openLocalCheckout(checkout_url)).post('pay');
    expect(await mine(waiting.id)).toBeUndefined();
    expect((await mine(lic.id))?.renewed_by).not.toBe(waiting.id);
  });

  it('Pay Now by card on the waiting renewal renews too', async () => {
    const lic = await issue('Card Later Ltd', 2);
    const waiting = await call(server, c.renewByTransfer, { params: { id: lic.id } }, { token: tokens.user });
    const { checkout_url } = await call(server, c.checkout, { body: { license_id: waiting.id, users_limit: 20, gpus_limit: 2, support_level: 'email' } }, { token: tokens.user });
    await (await openLocalCheckout(checkout_url)).post('pay');
    expect((await mine(lic.id))?.renewed_by).toBe(waiting.id);
    expect((await mine(waiting.id))?.expires).toBe(new Date(new Date(lic.expires ?? '').getTime() + 2 * week).toISOString());
  });
});

describe('Renew by bank transfer without bank settings', () => {
  const { server, tokens } = useTestServer({}, { signIn: 'all' });
  it('is refused: card only', async () => {
    await call(server, c.list, {}, { token: tokens.user });
    const lic = await call(server, c.adminCreate, { body: { email: 'user@example.test', organization_name: 'No Bank Ltd', users_limit: 10, duration_weeks: 2 } }, { token: tokens.admin });
    const answer = await send(server, c.renewByTransfer, { params: { id: lic.id } }, { token: tokens.user });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain('Bank transfer is not offered here');
  });
});
