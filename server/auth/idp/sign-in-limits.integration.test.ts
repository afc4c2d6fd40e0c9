import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { frozenClock, manualClock } from '../../../test/support/clock';
import { openLoginPage } from '../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../test/support/server';

/**
 * Sign-in limits of the embedded provider (issue 19) as an attacker and the account's owner see
 * them: parallel guesses cannot slip past the per-account limit, the answer is the sign-in page
 * with 429 and Retry-After, and once the window has passed the owner signs in with the right password.
 */
describe('sign-in limit per account', () => {
  let server: TestServer;
  const clock = frozenClock();

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5' }, { clock });
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('30 parallel guesses from 30 addresses: only 5 passwords are checked, the rest are 429 with Retry-After', async () => {
    const pages = await Promise.all(Array.from({ length: 3 }, () => openLoginPage(server)));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => pages[i % pages.length]!.submit('user@example.test', `guess-${i}`, from(`203.0.113.${i + 1}`))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.html).toContain('Too many failed sign-ins for this account.');
    const wait = Number(refused?.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused?.html).toContain(`Try again in ${wait} seconds.`);
    // The page still offers the form (a browser posted it), with the email kept.
    expect(refused?.html).toContain('<form');
  });

  it('the owner, from an address never seen, is refused with the right password until the window has passed, then signs in', async () => {
    const page = await openLoginPage(server);
    const during = await page.submit('user@example.test', 'userpass', from('198.51.100.20'));
    expect(during.status).toBe(429);
    expect(during.location).toBeUndefined();
    clock.advance(15 * 60_000);
    const after = await page.submit('user@example.test', 'userpass', from('198.51.100.20'));
    expect(after.status).toBe(303);
    expect(after.location).toContain('/oidc/auth/');
  });

  it('attempts the address limit refused are not counted against the account', async () => {
    const noisy = await openLoginPage(server);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await noisy.submit('admin@example.test', `guess-${i}`, from('192.0.2.50'))).status);
    expect(statuses).toEqual([401, 401, 401, ...Array<number>(9).fill(429)]);
    // The account has had 3 failures of its 5: two more guesses from elsewhere are checked, then it is closed.
    const elsewhere = await openLoginPage(server);
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await elsewhere.submit('admin@example.test', `other-${i}`, from(`198.51.100.${60 + i}`))).status);
    expect(more).toEqual([401, 401, 429]);
  });

  it('successful sign-ins do not count: the owner signs in six times in a row', async () => {
    for (let i = 0; i < 6; i++) {
      const page = await openLoginPage(server);
      expect((await page.submit('other@example.test', 'otherpass', from('198.51.100.30'))).status).toBe(303);
    }
  });
});

/**
 * Issue 28: ten wrong passwords from anywhere locked the owner out. A browser that signed in to the
 * account before (its device cookie) has a limit of its own; refusals are audited as one row per
 * account and window with a count, and a source address gets rows for at most 10 accounts a window.
 */
describe('device cookies and the refusal audit', () => {
  let server: TestServer;
  const clock = manualClock();

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5' }, { clock });
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const deviceCookiesOf = (cookies: string) =>
    cookies
      .split('; ')
      .filter((c) => c.startsWith('lp_device_'))
      .join('; ');
  const refusalRows = () => server.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in.limited')).orderBy(auditEvents.targetId);
  const flush = () => server.services.jobs.find((j) => j.name === 'audit.sign-in-refusals')!.run();

  it('an attacker locks the account for unknown devices, the owner’s browser still signs in; its own guesses have their own limit', async () => {
    const owner = await openLoginPage(server);
    expect((await owner.submit('user@example.test', 'userpass', from('198.51.100.7'))).status).toBe(303);
    const device = deviceCookiesOf(owner.cookies());
    expect(device).toMatch(/^lp_device_[\w-]+=[\w-]+; lp_device_[\w-]+\.sig=/);

    const attacker = await openLoginPage(server);
    const guesses = [];
    for (let i = 0; i < 8; i++) guesses.push((await attacker.submit('user@example.test', `guess-${i}`, from(`203.0.113.${i + 1}`))).status);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await (await openLoginPage(server)).submit('user@example.test', 'userpass', from('198.51.100.7'))).status).toBe(429);

    const back = await openLoginPage(server, { cookies: device });
    expect((await back.submit('user@example.test', 'userpass', from('198.51.100.7'))).status).toBe(303);

    // The device cookie is the account's: a tampered value or another account's name does not count.
    const tampered = device.replace(/(lp_device_[\w-]+=)[\w-]+/, '$1forged');
    expect((await (await openLoginPage(server, { cookies: tampered })).submit('user@example.test', 'userpass', from('198.51.100.7'))).status).toBe(429);
    expect((await (await openLoginPage(server, { cookies: device })).submit('other@example.test', 'otherpass', from('198.51.100.7'))).status).toBe(303);

    // Guesses from the owner's browser are limited per device cookie (5 per 15 minutes).
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push(await (await openLoginPage(server, { cookies: device })).submit('user@example.test', `typo-${i}`, from('198.51.100.7')));
    expect(mine.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(mine[5]?.html).toContain('Too many failed sign-ins from this browser.');
  });

  it('refusals are one audit row per account and window with their count, written when the window ends', async () => {
    await flush();
    const before = (await refusalRows()).length;
    clock.advance(15 * 60_000);
    expect(await flush()).toBe(1);
    const rows = (await refusalRows()).slice(before);
    expect(rows.map((r) => [r.targetType, r.targetId, (r.details as { refused: number }).refused])).toEqual([['account', 'user@example.test', 6]]);
  });

  it('made-up e-mails from one address: rows for 10 accounts, the rest counted in one row naming the address', async () => {
    clock.advance(15 * 60_000);
    await flush();
    const before = await refusalRows();
    const page = await openLoginPage(server);
    for (let n = 0; n < 14; n++) {
      for (let i = 0; i < 5; i++) await page.submit(`made-up-${String(n).padStart(2, '0')}@example.test`, `guess-${i}`, from('192.0.2.99'));
    }
    expect(await refusalRows()).toHaveLength(before.length);
    clock.advance(15 * 60_000);
    await flush();
    const rows = (await refusalRows()).filter((r) => !before.some((b) => b.id === r.id));
    expect(rows.filter((r) => r.targetType === 'account')).toHaveLength(10);
    expect(rows.filter((r) => r.targetType === 'account').every((r) => (r.details as { refused: number }).refused === 2)).toBe(true);
    expect(rows.filter((r) => r.targetType === 'address').map((r) => [r.targetId, r.ipAddress, (r.details as { refused: number }).refused])).toEqual([['192.0.2.99', '192.0.2.99', 8]]);
    expect(rows).toHaveLength(11);
  });
});
