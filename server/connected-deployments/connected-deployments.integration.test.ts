import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedDeployment, connectedDeploymentList, connectedDeploymentsContract as cd, type ConnectedDeployment } from '../../shared/api/connected-deployments';
import { accountHeader } from '../../shared/api/teams';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, errorOf } from '../../test/support/typed-client';
import { maxConnectedPerUser } from './service';

interface Ctx {
  server: TestServer;
  user: string;
  other: string;
}

const list = (c: Ctx, token: string) => call(c.server, cd.list, {}, { token });
const add = (c: Ctx, token: string, body: unknown) => api(c.server, '/api/connected-deployments', { method: 'POST', token, body });
const sync = (c: Ctx, token: string, entries: unknown[]) => api(c.server, '/api/connected-deployments/sync', { method: 'POST', token, body: { local_storage_deployments: entries } });
const describeAs = (c: Ctx, token: string, id: string, body: unknown, headers?: Record<string, string>) => api(c.server, `/api/connected-deployments/${id}`, { method: 'PATCH', token, body, headers });
const remove = (c: Ctx, token: string, id: string) => api(c.server, `/api/connected-deployments/${id}`, { method: 'DELETE', token });

/** The behaviour a user relies on, run against PGlite and (when reachable) PostgreSQL. */
function ownershipAndSync(ctx: () => Ctx) {
  it('adds a trimmed deployment and lists it with ISO timestamps', async () => {
    const c = ctx();
    const res = await add(c, c.user, { name: '  Lab cluster ', description: ' GPU box under the desk ', url: ' https://lab.example.com/ ' });
    expect(res.status).toBe(201);
    const created = connectedDeployment.parse(res.body);
    expect(created).toMatchObject({ name: 'Lab cluster', description: 'GPU box under the desk', url: 'https://lab.example.com/', is_default: false });
    expect(created.id).toMatch(/^cd_[a-z0-9]{20}$/);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect(await list(c, c.user)).toContainEqual(created);
  });

  it('keeps each user to their own deployments: another user cannot see or delete them', async () => {
    const c = ctx();
    const mine = connectedDeployment.parse((await add(c, c.user, { name: 'Private A', url: 'http://10.0.0.5:8080' })).body);
    expect((await list(c, c.other)).map((d) => d.id)).not.toContain(mine.id);
    const stolen = await remove(c, c.other, mine.id);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ error: 'Deployment not found', details: null });
    expect((await list(c, c.user)).map((d) => d.id)).toContain(mine.id);
    expect((await remove(c, c.user, mine.id)).status).toBe(204);
    expect((await list(c, c.user)).map((d) => d.id)).not.toContain(mine.id);
    expect((await remove(c, c.user, mine.id)).status).toBe(404);
  });

  it('merges browser-stored entries once: de-duplicated by URL and by name, and idempotent', async () => {
    const c = ctx();
    const before = await list(c, c.other);
    await add(c, c.other, { name: 'Existing', url: 'https://existing.example.com' });
    const batch = [
      { id: 'local-0', name: 'Staging', description: 'pre-prod', url: 'https://staging.example.com', is_default: false },
      { id: 'local-1', name: 'Existing copy', url: 'https://existing.example.com/' }, // same URL as a saved one
      { id: 'local-2', name: 'existing', url: 'https://elsewhere.example.com' }, // same name as a saved one
      { id: 'local-3', name: 'Staging again', url: 'https://staging.example.com' }, // same URL earlier in the batch
      { id: 'local-4', name: 'Staging', url: 'https://staging-2.example.com' }, // same name earlier in the batch
      { id: 'local-5', name: 'Localhost', url: 'http://localhost:8080' }, // a built-in entry
      { id: 'local-6', name: 'Edge', url: 'http://192.168.1.20' },
    ];
    const first = await sync(c, c.other, batch);
    expect(first.status).toBe(200);
    const merged = connectedDeploymentList.parse(first.body);
    expect(merged.slice(before.length).map((d) => [d.name, d.url])).toEqual([
      ['Existing', 'https://existing.example.com'],
      ['Staging', 'https://staging.example.com'],
      ['Edge', 'http://192.168.1.20'],
    ]);
    expect(merged.find((d) => d.name === 'Staging')?.description).toBe('pre-prod');
    const again = connectedDeploymentList.parse((await sync(c, c.other, batch)).body);
    expect(again).toEqual(merged);
    expect(await list(c, c.other)).toEqual(merged);
  });

  it('lists oldest first', async () => {
    const c = ctx();
    const all = await list(c, c.other);
    const times = all.map((d) => Date.parse(d.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
}

describe('connected deployments (PGlite)', () => {
  let c: Ctx;

  beforeAll(async () => {
    const server = await startTestServer();
    const { user, other } = await signInDefaultUsers(server);
    c = { server, user, other };
  });
  afterAll(async () => c?.server.cleanup());

  it("does not copy the browser's saved list into a team: the sync in a team's account only lists the team's", async () => {
    const team = await api(c.server, '/api/teams', { method: 'POST', token: c.user, body: { name: 'Sync Team' } });
    expect(team.status).toBe(201);
    const headers = { [accountHeader]: (team.body as { id: string }).id };
    const res = await api(c.server, '/api/connected-deployments/sync', {
      method: 'POST',
      token: c.user,
      headers,
      body: { local_storage_deployments: [{ name: 'Home lab', url: 'https://home-lab.example.com' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await api(c.server, '/api/connected-deployments', { token: c.user, headers })).body).toEqual([]);
  });

  it('needs sign-in for every call', async () => {
    const calls = [
      api(c.server, '/api/connected-deployments'),
      api(c.server, '/api/connected-deployments', { method: 'POST', body: { name: 'A', url: 'https://a.example.com' } }),
      api(c.server, '/api/connected-deployments/sync', { method: 'POST', body: { local_storage_deployments: [] } }),
      api(c.server, '/api/connected-deployments/cd_aaaaaaaaaaaaaaaaaaaa', { method: 'DELETE' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });

  it.each([
    [{ name: '', url: 'https://a.example.com' }, 'Name is required'],
    [{ name: '   ', url: 'https://a.example.com' }, 'Name is required'],
    [{ url: 'https://a.example.com' }, 'Name is required'],
    [{ name: 'A', url: '' }, 'URL is required'],
    [{ name: 'A', url: '  ' }, 'URL is required'],
    [{ name: 'A' }, 'URL is required'],
    [{ name: 'A', url: 'not a url' }, 'Please enter a valid URL'],
    [{ name: 'A', url: 'ftp://files.example.com' }, 'Please enter a valid URL'],
    [{ name: 'A', url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ name: 'x'.repeat(101), url: 'https://a.example.com' }, 'Name can be at most 100 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await add(c, c.user, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).error).toBe(message);
  });

  it('changes a description for its owner only: another user, or a team they are not in, gets 404 and the text stays', async () => {
    const mine = connectedDeployment.parse((await add(c, c.user, { name: 'Described', description: 'old words', url: 'https://described.example.com' })).body);
    const changed = await describeAs(c, c.user, mine.id, { description: '  The GPU box in room 4  ' });
    expect(changed.status).toBe(200);
    expect(connectedDeployment.parse(changed.body)).toMatchObject({ id: mine.id, description: 'The GPU box in room 4' });
    expect((await list(c, c.user)).find((d) => d.id === mine.id)?.description).toBe('The GPU box in room 4');

    const stolen = await describeAs(c, c.other, mine.id, { description: 'mine now' });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ error: 'Deployment not found', details: null });
    // a team's account does not reach its members' own private deployments, and a non-member reaches no team
    const team = (await api(c.server, '/api/teams', { method: 'POST', token: c.user, body: { name: 'Describe Team' } })).body as { id: string };
    expect((await describeAs(c, c.user, mine.id, { description: 'via team' }, { [accountHeader]: team.id })).status).toBe(404);
    expect((await describeAs(c, c.other, mine.id, { description: 'via team' }, { [accountHeader]: team.id })).status).toBe(403);
    expect((await list(c, c.user)).find((d) => d.id === mine.id)?.description).toBe('The GPU box in room 4');

    expect((await describeAs(c, c.user, mine.id, { description: '' })).status).toBe(200);
    const tooLong = await describeAs(c, c.user, mine.id, { description: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('Description can be at most 500 characters');
    expect((await describeAs(c, c.user, mine.id, {})).status).toBe(400);
    expect((await api(c.server, `/api/connected-deployments/${mine.id}`, { method: 'PATCH', body: { description: 'x' } })).status).toBe(401);
  });

  it('refuses the names of the built-in entries', async () => {
    for (const name of ['Helix Cloud', 'localhost', ' LOCALHOST ']) {
      const res = await add(c, c.user, { name, url: 'https://a.example.com' });
      expect(res.status).toBe(400);
      expect(errorOf(res).error).toMatch(/built-in deployment; please choose another name/);
    }
  });

  it('answers 400 for a malformed id and for a sync body that is not a list of entries', async () => {
    expect((await remove(c, c.user, 'not-an-id')).status).toBe(400);
    expect((await api(c.server, '/api/connected-deployments/sync', { method: 'POST', token: c.user, body: { local_storage_deployments: [{ name: 'A', url: 'nope' }] } })).status).toBe(400);
  });

  ownershipAndSync(() => c);

  it(`stops at ${maxConnectedPerUser} per user; a sync fills only the room left`, async () => {
    const token = c.user;
    const have = (await list(c, token)).length;
    const entries = Array.from({ length: maxConnectedPerUser - have + 5 }, (_, i) => ({ name: `Bulk ${i}`, url: `https://bulk-${i}.example.com` }));
    const filled = connectedDeploymentList.parse((await sync(c, token, entries)).body);
    expect(filled).toHaveLength(maxConnectedPerUser);
    const over = await add(c, token, { name: 'One more', url: 'https://one-more.example.com' });
    expect(over.status).toBe(409);
    expect(errorOf(over).error).toBe(`You can keep up to ${maxConnectedPerUser} private deployments; delete one before adding another`);
    const last = filled.at(-1) as ConnectedDeployment;
    expect((await remove(c, token, last.id)).status).toBe(204);
    expect((await add(c, token, { name: 'One more', url: 'https://one-more.example.com' })).status).toBe(201);
  });
});

const pgOk = await postgresAvailable();

describe.skipIf(!pgOk)(pgOk ? 'connected deployments (PostgreSQL)' : `connected deployments (PostgreSQL) ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let c: Ctx;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const server = await startTestServer({ DATABASE_URL: pgdb.url });
    const { user, other } = await signInDefaultUsers(server);
    c = { server, user, other };
  });
  afterAll(async () => {
    await c?.server.cleanup();
    await pgdb?.drop();
  });

  ownershipAndSync(() => c);

  it('keeps one copy when the same batch is synced twice at once', async () => {
    const batch = [{ name: 'Twin', url: 'https://twin.example.com' }];
    const [a, b] = await Promise.all([sync(c, c.user, batch), sync(c, c.user, batch)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await list(c, c.user)).filter((d) => d.name === 'Twin')).toHaveLength(1);
  });
});
