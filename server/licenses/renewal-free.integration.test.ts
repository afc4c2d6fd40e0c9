/**
 * Issue 45: a Community Edition licence (free, a year at a time) is renewed free of charge from 30
 * days before it ends: at once, without a checkout, with a new key a year past the old end; told to
 * the licensee. An Enterprise Trial is not renewable (14 days once); paid types keep their checkout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { licensesContract as c } from '../../shared/api/licenses';
import { verifyLicenseKey } from '../../shared/licenses/key';
import { notifications } from '../db/schema';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';

const day = 86_400_000;

describe('Renew a Community Edition licence', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({}, { clock, signIn: 'all' });
  beforeAll(() => call(server, c.list, {}, { token: tokens.user }));

  const renewFree = (id: string, token = tokens.user) => send(server, c.renewFree, { params: { id } }, { token });
  const mine = async (id: string) => (await call(server, c.list, {}, { token: tokens.user })).find((l) => l.id === id);

  it('renews for free in its last 30 days: a new key a year past the old end, the old one marked renewed, the licensee told', async () => {
    const lic = await call(server, c.create, { body: { type: 'community', organization_name: 'Small Co' } }, { token: tokens.user });
    const oldEnd = new Date(lic.expires ?? '');
    expect(lic.renewal).toBeNull();
    const early = await renewFree(lic.id);
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('can be renewed from 30 days before it expires');

    clock.advance(oldEnd.getTime() - clock.now().getTime() - 10 * day);
    expect((await mine(lic.id))?.renewal).toEqual({ amount_cents: 0, until: new Date(oldEnd.getTime() + 365 * day).toISOString() });
    // a paid checkout is not where a free licence goes
    expect((await send(server, c.renew, { params: { id: lic.id } }, { token: tokens.user })).status).toBe(409);
    // not someone else's
    expect((await renewFree(lic.id, tokens.other)).status).toBe(404);
    expect((await api(server, `/api/licenses/${lic.id}/renew-free`, { method: 'POST' })).status).toBe(401);

    const renewed = await renewFree(lic.id);
    expect(renewed.status).toBe(200);
    const next = c.renewFree.responses[200].schema.parse(renewed.body);
    expect(next).toMatchObject({ type: 'community', status: 'active', payment_status: 'none', organization_name: 'Small Co', expires: new Date(oldEnd.getTime() + 365 * day).toISOString() });
    expect(await mine(lic.id)).toMatchObject({ renewed_by: next.id, renewal: null, status: 'active' });
    const publicKey = String((await send(server, c.publicKey, {})).body);
    const key = await verifyLicenseKey(next.license_key ?? '', publicKey, clock.now());
    expect(key.ok && key.data).toMatchObject({ id: next.id, organization: 'Small Co', valid_until: next.expires });

    const again = await renewFree(lic.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('renewed already');
    const told = (await server.deps.db.select().from(notifications)).filter((n) => n.dedupeKey === `licence_renewed:${lic.id}`);
    expect(told.map((n) => n.title)).toEqual(['Your license for Small Co was renewed']);
  });

  it('never renews a trial (14 days once)', async () => {
    const trial = await call(server, c.create, { body: { type: 'trial', organization_name: 'Trying Ltd' } }, { token: tokens.other });
    clock.advance(13 * day);
    const listed = (await call(server, c.list, {}, { token: tokens.other })).find((l) => l.id === trial.id);
    expect(listed?.renewal).toBeNull();
    const refused = await renewFree(trial.id, tokens.other);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('An Enterprise Trial cannot be renewed');
  });
});
