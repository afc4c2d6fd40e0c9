import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenClock } from '../../test-support/clock';
import { openLoginPage } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/server';

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
