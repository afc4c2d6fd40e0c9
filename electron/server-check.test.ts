import { describe, expect, it } from 'vitest';
import { checkServer, isServerOriginAllowed, normalizeServerUrl } from './server-check';

describe('normalizeServerUrl', () => {
  it.each([
    ['launchpad.example.com', 'https://launchpad.example.com'],
    ['  https://launchpad.example.com/#/home  ', 'https://launchpad.example.com'],
    ['https://10.0.0.5:3000/app', 'https://10.0.0.5:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('%s → %s', (input, url) => expect(normalizeServerUrl(input)).toBe(url));

  it.each([
    ['', 'Enter the address of your Launchpad server'],
    ['ftp://files.example.com', 'Use an http:// or https:// address'],
    ['https://user:pw@lp.example.com', 'Leave the user name and password out of the address'],
    ['http://exa mple.com', 'is not a web address'],
    ['http://10.0.0.5:3000/app', 'Use https:// for 10.0.0.5:3000'],
    ['http://launchpad.example.com', 'Use https:// for launchpad.example.com'],
    ['http://localhost.example.com', 'Use https:// for localhost.example.com'],
  ])('refuses %j: %s', (input, message) => expect(() => normalizeServerUrl(input)).toThrow(message));
});

describe('isServerOriginAllowed (also applied to the server saved by an older version)', () => {
  it.each([
    ['https://lp.example.com', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1:41234', true],
    ['http://[::1]:3000', true],
    ['http://lp.example.com', false],
    ['http://192.168.1.20:3000', false],
    ['ws://localhost:3000', false],
    ['not a url', false],
  ])('%s → %s', (origin, allowed) => expect(isServerOriginAllowed(origin)).toBe(allowed));
});

it('checkServer refuses plain http to another computer before any request is made', async () => {
  let asked = false;
  const fetchImpl = (async () => {
    asked = true;
    return new Response('{}');
  }) as typeof fetch;
  await expect(checkServer('http://lp.example.com', fetchImpl)).rejects.toMatchObject({ code: 'insecure_http' });
  expect(asked).toBe(false);
});

const config = {
  product: { id: 'helix', name: 'Helix' },
  oidc: { issuer: 'https://lp.example.com/oidc', clientId: 'launchpad', desktopClientId: 'launchpad-desktop', scope: 'openid', accountUrl: 'https://lp.example.com/account' },
};
const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('checkServer', () => {
  it('answers the normalized URL and product name of a Launchpad server', async () => {
    expect(await checkServer('lp.example.com', answering(200, config))).toEqual({ url: 'https://lp.example.com', productName: 'Helix' });
  });

  it.each([
    [
      'an unreachable server',
      (async () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3000') }))) as typeof fetch,
      'No server answered at http://localhost:3000 (connect ECONNREFUSED 127.0.0.1:3000)',
    ],
    ['a 404', answering(404, {}), 'answered 404: it does not look like a Launchpad server'],
    ['some other JSON', answering(200, { hello: 'world' }), 'is not a Launchpad server'],
  ])('explains %s', async (_what, fetchImpl, message) => {
    await expect(checkServer('localhost:3000', fetchImpl)).rejects.toThrow(message);
  });
});
