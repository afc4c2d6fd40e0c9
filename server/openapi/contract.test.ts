import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../app';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestPglite } from '../../test/support/test-pglite';
import { createLogger } from '../http/logging';
import { defaultDevUsers } from '../../test/support/server';
import { pathParams, successOf } from '../../shared/api/route';
import { apiRoutesByName } from '../../shared/api/routes';
import { openApiDocument, type OpenApiDocument } from './document';
import { openApiPath, type RouteEntry } from './route-table';

const brand = { id: 'helix', name: 'Helix' };
const contract = apiRoutesByName(brand);

/** The route table of a real app, built with the local checkout or with Stripe configured. */
async function registeredRoutes(gateway: 'local' | 'stripe'): Promise<{ routes: RouteEntry[]; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-contract-'));
  const stripeEnv = gateway === 'stripe' ? { STRIPE_SECRET_KEY: 'sk_test_contract', STRIPE_WEBHOOK_SECRET: 'whsec_contract' } : {};
  const config = loadConfig({ PORT: '4999', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_USERS: defaultDevUsers, RELEASES_URL: 'off', ...stripeEnv });
  const database: Database = await openTestPglite();
  const built = await createApp({ config, database, db: database.db, logger: createLogger('silent'), clock: systemClock }, { rendererRoot: dataDir });
  return {
    routes: built.routeTable(),
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the API contract', () => {
  const registered = new Map<'local' | 'stripe', RouteEntry[]>();
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    for (const gateway of ['local', 'stripe'] as const) {
      const app = await registeredRoutes(gateway);
      registered.set(gateway, app.routes);
      closers.push(app.close);
    }
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('names every registered route', () => {
    for (const routes of registered.values()) {
      const unnamed = routes.filter((r) => !r.name).map((r) => `${r.methods.join(',')} ${r.path}`);
      expect(unnamed, 'routes registered without a name').toEqual([]);
    }
  });

  it.each(['local', 'stripe'] as const)('has an entry with the same method and path for every route of the %s-checkout app', (gateway) => {
    const missing: string[] = [];
    for (const r of registered.get(gateway) ?? []) {
      const entry = r.name ? contract[r.name] : undefined;
      if (!entry) missing.push(`${r.name ?? '(unnamed)'}: ${r.methods.join(',')} ${r.path}`);
      else {
        expect(r.methods, r.name).toEqual([entry.method]);
        expect(openApiPath(r.path), r.name).toBe(entry.path);
      }
    }
    expect(missing, 'routes without a contract entry (add them to shared/api/<domain>.ts)').toEqual([]);
  });

  it('lists no route that does not exist', () => {
    const names = new Set([...registered.values()].flat().map((r) => r.name));
    const stale = Object.entries(contract)
      .filter(([name, e]) => !e.websocket && !names.has(name))
      .map(([name]) => name);
    expect(stale).toEqual([]);
  });

  it('gives every route its schemas: params matching the path, a body schema for writes, a response', () => {
    for (const [name, e] of Object.entries(contract)) {
      expect(e.name, 'keyed by its own name').toBe(name);
      const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(declared, `${name} params`).toEqual(pathParams(e.path).sort());
      const ok = successOf(e);
      expect(ok.schema ?? ok.contentType ?? (ok.status === 204 || ok.status === 101 || (ok.status >= 300 && ok.status < 400)), `${name} response`).toBeTruthy();
      if (ok.status === 200 || ok.status === 201) expect(ok.schema ?? ok.contentType, `${name}: a 2xx with a body needs a schema or a content type`).toBeTruthy();
    }
  });
});

/** Every `$ref` in the document, with where it was found. */
function refsOf(node: unknown, at = '#', out: { ref: string; at: string }[] = []): { ref: string; at: string }[] {
  if (Array.isArray(node)) node.forEach((n, i) => refsOf(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, at });
      else refsOf(v, `${at}/${k}`, out);
    }
  }
  return out;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe.each(['local', 'stripe'] as const)('the OpenAPI document (%s checkout)', (gateway) => {
  const doc: OpenApiDocument = openApiDocument({ brand, gateway });
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

  it('is OpenAPI 3.1 with info, paths and components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toContain('Helix');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'ciSecret', 'stripeSignature', 'terminalToken']);
  });

  it('has one operation per contract entry of this configuration, each with an id, a response and known security schemes', () => {
    const ids: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p.startsWith('/'), p).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(methods, `${p}: ${method}`).toContain(method);
        const o = op as { operationId: string; responses: Record<string, unknown>; security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[] };
        ids.push(o.operationId);
        expect(Object.keys(o.responses).length, o.operationId).toBeGreaterThan(1);
        for (const s of o.security ?? []) for (const scheme of Object.keys(s)) expect(doc.components.securitySchemes, o.operationId).toHaveProperty(scheme);
        const inPath = (o.parameters ?? [])
          .filter((x) => x.in === 'path')
          .map((x) => x.name)
          .sort();
        expect(inPath, o.operationId).toEqual(pathParams(p).sort());
      }
    }
    const expected = Object.entries(contract)
      .filter(([, e]) => !e.gateway || e.gateway === gateway)
      .map(([name]) => name);
    expect(ids.sort()).toEqual(expected.sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref', () => {
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(50);
    const broken = refs.filter((r) => resolvePointer(doc, r.ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('is plain JSON (serialises and parses back unchanged)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
