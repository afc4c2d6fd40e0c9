/**
 * Issue 44: an installation pinging with a revoked or replaced key is not shown as Licensed: the
 * Ping Dashboard's rows say Revoked or Replaced (with the successor), a filter finds them, and the
 * CSV export carries the state.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { licensesContract as c } from '../../shared/api/licenses';
import { pingsContract as p } from '../../shared/api/pings';
import { urlOf } from '../../shared/api/route';
import { api } from '../../test/support/api-client';
import { useTestServer } from '../../test/support/suite-server';
import { call } from '../../test/support/typed-client';

describe('installations pinging with a revoked or replaced key', () => {
  const { server, tokens } = useTestServer({}, { signIn: 'all' });
  const hashOf = (key: string | null) =>
    createHash('sha256')
      .update(key ?? '')
      .digest('hex');
  const ping = (deploymentId: string) => api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: deploymentId } });
  const issue = (org: string) => call(server, c.adminCreate, { body: { email: 'user@example.test', organization_name: org, users_limit: 10, duration_weeks: 10 } }, { token: tokens.admin });

  it('says Revoked or Replaced, filters them, and exports the state', async () => {
    await call(server, c.list, {}, { token: tokens.user });
    const inForce = await issue('In Force Ltd');
    const revoked = await issue('Revoked Ltd');
    const replaced = await issue('Replaced Ltd');
    for (const l of [inForce, revoked, replaced]) expect((await ping(hashOf(l.license_key))).status).toBe(200);
    await call(server, c.adminRevoke, { params: { id: revoked.id }, body: { reason: 'Charged back' } }, { token: tokens.admin });
    const successor = await call(server, c.adminChange, { params: { id: replaced.id }, body: { users_limit: 20 } }, { token: tokens.admin });

    const rows = (await call(server, p.adminList, { query: { page_size: 100 } }, { token: tokens.admin })).pings;
    const stateOf = (key: string | null) => rows.find((r) => r.deployment_id === hashOf(key));
    expect(stateOf(inForce.license_key)).toMatchObject({ license_state: 'licensed', replaced_by: null });
    expect(stateOf(revoked.license_key)).toMatchObject({ license_state: 'revoked', replaced_by: null });
    expect(stateOf(replaced.license_key)).toMatchObject({ license_state: 'replaced', replaced_by: successor.id });

    const only = async (revokedFlag: 'true' | 'false') =>
      (await call(server, p.adminList, { query: { page_size: 100, revoked: revokedFlag } }, { token: tokens.admin })).pings.map((r) => r.organization_name ?? r.deployment_id);
    const withRevoked = (await call(server, p.adminList, { query: { page_size: 100, revoked: 'true' } }, { token: tokens.admin })).pings.map((r) => r.deployment_id).sort();
    expect(withRevoked).toEqual([hashOf(revoked.license_key), hashOf(replaced.license_key)].sort());
    expect((await only('false')).length).toBe(rows.length - 2);

    const csv = await (await fetch(`${server.url}${urlOf(p.adminExport, { query: { revoked: 'true' } })}`, { headers: { authorization: `Bearer ${tokens.admin}` } })).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('license_state,replaced_by');
    expect(lines).toHaveLength(2);
    expect(csv).toContain(`replaced,${successor.id}`);
    expect(csv).toContain('revoked,');
  });
});
