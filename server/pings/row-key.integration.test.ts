import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingsContract as p } from '../../shared/api/pings';
import { installationRowKey, isAddressRow } from '../../shared/pings/installation-key';
import { installations } from '../db/schema';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';

/**
 * The platform's ping sender (api/pkg/version/ping.go) sends version, apps_count, users_count,
 * deployment_id (`hashLicenseKey("")` = "unknown" without a license) and edition when set:
 * nothing else tells two unlicensed installations apart.
 */
describe('ping rows of unlicensed installations', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
  });
  afterAll(async () => server?.cleanup());

  const ping = (body: Record<string, unknown>) => api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 1, users_count: 1, ...body } });
  const rows = async () => (await call(server, p.adminList, { query: { page: 1, page_size: 100 } }, { token: admin })).pings;

  it('ping sender rule "deployment_id = hashLicenseKey(key), unknown without one": a desktop app and a server behind one address get a row each, keyed by address and edition', async () => {
    for (const edition of ['server', 'server', 'mac-desktop']) expect((await ping({ deployment_id: 'unknown', edition })).status).toBe(200);
    expect((await ping({ deployment_id: 'unknown' })).status).toBe(200);
    const unlicensed = (await rows()).filter((r) => r.deployment_id === 'unknown');
    expect(unlicensed.map((r) => r.id).sort()).toEqual(['ip:127.0.0.1', 'ip:127.0.0.1/mac-desktop', 'ip:127.0.0.1/server']);
    expect(unlicensed.every((r) => isAddressRow(r.id))).toBe(true);
    // the same installation pinging again stays on its row (stable key: version and counts may change)
    expect((await ping({ deployment_id: 'unknown', edition: 'server', version: '2.13.0', apps_count: 9 })).status).toBe(200);
    const db = await server.deps.db.select().from(installations);
    expect(db.find((r) => r.key === 'ip:127.0.0.1/server')).toMatchObject({ pingCount: 3, version: '2.13.0' });
    expect(db.filter((r) => r.deploymentId === 'unknown')).toHaveLength(3);
  });

  it('a licensed installation is its own row whatever its address, and is not an address row', async () => {
    const deploymentId = createHash('sha256').update('some license key').digest('hex');
    expect((await ping({ deployment_id: deploymentId, edition: 'server' })).status).toBe(200);
    const row = (await rows()).find((r) => r.deployment_id === deploymentId);
    expect(row?.id).toBe(deploymentId);
    expect(isAddressRow(row?.id ?? '')).toBe(false);
  });

  it('keys: trimmed edition, blank edition = none', () => {
    expect(installationRowKey('unknown', '10.0.0.7', ' cloud ')).toBe('ip:10.0.0.7/cloud');
    expect(installationRowKey('unknown', '10.0.0.7', '  ')).toBe('ip:10.0.0.7');
    expect(installationRowKey('ab'.repeat(32), '10.0.0.7', 'server')).toBe('ab'.repeat(32));
  });
});
