import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, until } from '../../test/support/clock';
import { startTestServer, type TestServer } from '../../test/support/server';
import { startSilentUpstream, type SilentUpstream } from '../../test/support/silent-upstream';

/** POST /api/ping on one keep-alive connection; resolves with the answer's status and body. */
function ping(server: TestServer, agent: http.Agent, version: string): Promise<{ status: number; body: { latest_version?: string } }> {
  const payload = JSON.stringify({ version, apps_count: 1, users_count: 1, deployment_id: 'f'.repeat(64) });
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/api/ping`, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { latest_version?: string } }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('pings never wait on the release list', () => {
  let upstream: SilentUpstream;
  let server: TestServer;
  const clock = manualClock();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    upstream = await startSilentUpstream();
    // The held fetch never times out during the test (it would after 10 s by default, however slow the machine is).
    server = await startTestServer({ RELEASES_URL: upstream.url, RELEASES_TIMEOUT_MS: '600000', PING_RATE_LIMIT_PER_MINUTE: '100000' }, { clock });
  });
  afterAll(async () => {
    agent.destroy();
    await server.cleanup();
    await upstream.close();
  });

  it('20 pings on one keep-alive connection are all answered while the code host holds the fetch, and the fresh release is offered once it answers', async () => {
    await ping(server, agent, '2.0.0');
    await until('the release fetch to reach the code host', async () => upstream.held() > 0, 10_000, 20);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await ping(server, agent, '2.0.0'));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // The one fetch was still hanging when the last answer came (a ping that waited on it would
    // still be waiting): the pings got the bundled list's newest stable release.
    expect(upstream.held()).toBe(1);
    expect(server.services.releases.refreshing()).toBeDefined();
    expect(new Set(answers.map((a) => a.body.latest_version))).toEqual(new Set(['2.12.2']));

    // The code host comes back (dropping the held connection); after the backoff a ping starts a refresh.
    upstream.answer([{ tag_name: '9.4.0' }, { tag_name: '9.5.0-rc1', prerelease: true }]);
    await until('the failed fetch to settle', async () => server.services.releases.refreshing() === undefined, 10_000, 20);
    clock.advance(60 * 60_000);
    expect((await ping(server, agent, '2.0.0')).body.latest_version).toBe('2.12.2');
    await server.services.releases.refreshing();
    expect((await ping(server, agent, '2.0.0')).body.latest_version).toBe('9.4.0');
  });
});
