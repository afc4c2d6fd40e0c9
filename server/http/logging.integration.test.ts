import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';

interface LogLine {
  msg: string;
  requestId?: string;
  url?: string;
  status?: number;
}

describe('request ids in the structured log', () => {
  let server: TestServer;
  const lines: LogLine[] = [];
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) } });
    token = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
  });
  afterAll(async () => server?.cleanup());

  const linesOf = (id: string) => lines.filter((l) => l.requestId === id);

  it('keeps a well-formed incoming X-Request-Id, echoes it and puts it on every line of that request', async () => {
    const id = 'trace_abc-123.4';
    const res = await api(server, '/api/deployments', { token, headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const mine = linesOf(id);
    expect(mine.map((l) => l.msg)).toContain('request');
    expect(mine.find((l) => l.msg === 'request')).toMatchObject({ url: '/api/deployments', status: 200 });
  });

  it('answers an error with the caller’s id and logs it under that id', async () => {
    const id = 'failing-request-1';
    // An unknown API route is a 404 logged as one request line.
    const res = await api(server, '/api/no-such-thing', { headers: { 'x-request-id': id } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(linesOf(id).length).toBeGreaterThanOrEqual(1);
  });

  it.each([['x'.repeat(65)], ['has space'], ['semi;colon'], ['new\\nline'], ['{"json":1}'], ['']])('replaces %j with a generated id', async (incoming) => {
    const res = await api(server, '/api/config', incoming ? { headers: { 'x-request-id': incoming } } : {});
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(incoming);
    expect(linesOf(id)).toHaveLength(1);
    expect(lines.some((l) => incoming !== '' && l.requestId === incoming)).toBe(false);
  });

  it('never writes the local checkout’s one-time grant or any other secret query parameter to the request log', async () => {
    const id = 'grant-redaction-1';
    await api(server, '/checkout/cs_missing?grant=one-time-grant-secret&lang=en', { headers: { 'x-request-id': id } });
    await api(server, '/api/deployments?api_key=leaked-key-value', { token, headers: { 'x-request-id': `${id}b` } });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('one-time-grant-secret');
    expect(logged).not.toContain('leaked-key-value');
    expect(linesOf(id).find((l) => l.msg === 'request')?.url).toBe('/checkout/cs_missing?grant=[redacted]&lang=en');
  });

  it('never writes an invitation’s token to the request log: the API’s preview and accept, and the page the e-mail links to', async () => {
    const secret = 'invitation-token-secret-42';
    const calls = [
      ['inv-1', `/api/invitations/${secret}`, {}, '/api/invitations/[redacted]'],
      ['inv-2', `/api/invitations/${secret}/accept`, { method: 'POST', body: {} }, '/api/invitations/[redacted]/accept'],
      ['inv-3', `/invitations/${secret}?token=${secret}`, {}, '/invitations/[redacted]?token=[redacted]'],
    ] as const;
    for (const [id, path, options, logged] of calls) {
      await api(server, path, { token, ...options, headers: { 'x-request-id': id } });
      expect(linesOf(id).find((l) => l.msg === 'request')?.url).toBe(logged);
    }
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('gives two requests two different ids', async () => {
    const [a, b] = await Promise.all([api(server, '/api/config'), api(server, '/api/config')]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});
