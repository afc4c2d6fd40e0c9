import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoResponse } from '../../shared/api/user-info';
import { api } from '../../test/support/api-client';
import { startTestServer, type TestServer } from '../../test/support/server';
import { useTestServer } from '../../test/support/suite-server';

/** A stand-in lookup service: each test says how it answers; it records the `ip` it was asked about. */
function fakeLookupService() {
  let answer: (res: http.ServerResponse) => void = (res) => res.end();
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://x').searchParams.get('ip') ?? '');
    answer(res);
  });
  return {
    asked,
    answerWith(fn: (res: http.ServerResponse) => void) {
      answer = fn;
    },
    json(status: number, body: unknown) {
      answer = (res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const acme = {
  id: 'c-1',
  name: 'Acme Bank',
  domain: 'acme.example',
  legalName: 'Acme Bank plc',
  category: { industry: 'Banks', industryGroup: 'Banks', sector: 'Financials', subIndustry: 'Diversified Banks', gicsCode: '40101010', sicCode: null, naicsCode: '5221' },
  tags: ['Banking'],
  foundedYear: 1901,
  location: 'London, UK',
  geo: { country: 'United Kingdom', city: 'London', state: null },
  metrics: { employees: 12000, employeesRange: '10K+', estimatedAnnualRevenue: '$1B+' },
  type: 'public',
  ticker: 'ACME',
  tech: ['kubernetes'],
  techCategories: ['devops'],
};

describe('GET /api/user-info without a lookup service (default)', () => {
  const { server } = useTestServer();

  it('answers "no match", to visitors who are not signed in', async () => {
    const res = await api(server, '/api/user-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyInfo: null, confidenceScore: 0, industryMatch: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/user-info with a lookup service', () => {
  const lookup = fakeLookupService();
  let server: TestServer;
  beforeAll(async () => {
    const url = await lookup.start();
    // Long enough for a busy machine (the unit and e2e phases share two cores): only the never-answering case waits it out.
    server = await startTestServer({ USER_INFO_URL: url, USER_INFO_TIMEOUT_MS: '3000', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.cleanup();
    await lookup.close();
  });

  it('passes the visitor address (from X-Forwarded-For behind a trusted proxy) and derives the industry from the category', async () => {
    lookup.json(200, { companyInfo: acme, confidenceScore: 0.87 });
    const res = await api(server, '/api/user-info', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    const body = userInfoResponse.parse(res.body);
    expect(body).toMatchObject({ confidenceScore: 0.87, industryMatch: 'finance' });
    expect(body.companyInfo?.name).toBe('Acme Bank');
    expect(body.companyInfo?.metrics?.employeesRange).toBe('10K+');
    expect(lookup.asked.at(-1)).toBe('203.0.113.9');
  });

  it("keeps the service's own industry when it names one", async () => {
    lookup.json(200, { companyInfo: { ...acme, category: null }, confidenceScore: 0.5, industryMatch: 'healthcare' });
    const body = (await api(server, '/api/user-info')).body;
    expect(body).toMatchObject({ industryMatch: 'healthcare', confidenceScore: 0.5 });
  });

  it.each([
    ['no company', 200, { companyInfo: null }],
    ['not found', 404, { error: 'unknown address' }],
  ])('answers "no match" when the service finds %s', async (_, status, body) => {
    lookup.json(status, body);
    const res = await api(server, '/api/user-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyInfo: null, confidenceScore: 0, industryMatch: null });
  });

  it.each([
    ['fails', (res: http.ServerResponse) => res.writeHead(500).end('boom'), 'bad-status'],
    ['answers a wrong shape', (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"companyInfo":{"name":42}}'), 'invalid-response'],
    ['answers something other than JSON', (res: http.ServerResponse) => res.writeHead(200).end('<html>'), 'invalid-response'],
    // Holds the request and never answers: only the timeout can end the wait, however slow the machine.
    ['never answers', () => undefined, 'timeout'],
  ])('answers 502 {error, details} when the service %s', async (_, answer, reason) => {
    lookup.answerWith(answer);
    const res = await api(server, '/api/user-info');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'Company lookup failed', details: { reason } });
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
  });
});
