import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/support/suite-server';

/**
 * Issue 28: sign-in opened at http://127.0.0.1:3000 while PUBLIC_URL is http://localhost:3000 ended
 * on the identity provider's bare 400 "redirect_uri did not match". Pages opened at another address
 * go to PUBLIC_URL first; API calls and the provider's paths are answered where they arrive.
 */
describe('pages opened at another address of the server', () => {
  const { server } = useTestServer();
  const port = () => new URL(server.url).port;
  /** node:http, not fetch: fetch sets Sec-Fetch-Mode: cors itself, as a browser's script would. */
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: { get(name: string): string | null } }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: { get: (name) => (res.headers[name] as string | undefined) ?? null } });
        })
        .on('error', reject);
    });
  const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };

  it('a page navigation to 127.0.0.1 is sent to PUBLIC_URL, same path and query', async () => {
    expect(new URL(server.url).hostname).toBe('localhost');
    const res = await get(`http://127.0.0.1:${port()}/app/deployments?tab=all`, navigate);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${server.url}/app/deployments?tab=all`);
    // An older browser without Sec-Fetch-Mode, asking for HTML, too.
    expect((await get(`http://127.0.0.1:${port()}/`, { accept: 'text/html' })).headers.get('location')).toBe(`${server.url}/`);
  });

  it('API calls, the identity provider and probes are answered at any address; PUBLIC_URL itself is never redirected', async () => {
    for (const path of ['/api/config', '/oidc/.well-known/openid-configuration', '/healthz']) {
      const res = await get(`http://127.0.0.1:${port()}${path}`, navigate);
      expect(res.status, path).toBe(200);
    }
    expect((await get(`http://127.0.0.1:${port()}/app`, { 'sec-fetch-mode': 'cors', accept: '*/*' })).status).not.toBe(302);
    expect((await get(`${server.url}/app`, navigate)).status).not.toBe(302);
  });
});
