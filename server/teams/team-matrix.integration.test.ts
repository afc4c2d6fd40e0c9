/**
 * The authorisation matrix of team accounts (issue 34), beside server/openapi/auth-matrix.test.ts:
 * every route of the contract × each team role × how the caller names the account (the
 * `X-Account` header, a team API key, a team they are not in). A role is refused with 403 exactly
 * where shared/teams/roles.ts says so; a stranger to the team, and a key naming another account
 * than its own, get 403 on every route; admin routes stay closed to non-admins in any account.
 * Then ownership across accounts: what the team owns is not found from a member's personal
 * account, and the other way round.
 */
import { terminalOutcome } from '../../test/support/terminal-outcome';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { billingContract } from '../../shared/api/billing';
import { connectedDeploymentsContract } from '../../shared/api/connected-deployments';
import { customersContract } from '../../shared/api/customers';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { notificationsContract } from '../../shared/api/notifications';
import { type ApiRoute, fillPath } from '../../shared/api/route';
import { apiRoutes } from '../../shared/api/routes';
import { scopeRefusal } from '../../shared/api/scopes';
import { defaultBrand } from '../../shared/brand';
import { roleRefusal, roleScopes, teamRoles, type TeamRole } from '../../shared/teams/roles';
import { api } from '../../test/support/api-client';
import { until } from '../../test/support/clock';
import { terminalUrl } from '../../test/support/terminal-client';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call, errorOf, send } from '../../test/support/typed-client';

const d = deploymentsContract(defaultBrand);
const nobody = '00000000-0000-4000-8000-000000000000';
/** HTTP routes of the contract called with a bearer (the terminal, a WebSocket, is authorised in server/terminal/authorise.ts); set in beforeAll. */
let routes: ApiRoute[] = [];
let userRoutes: ApiRoute[] = [];
let adminRoutes: ApiRoute[] = [];
/** the person behind each role; `teamadmin` because `admin@example.test` is the site administrator */
const personOf: Record<TeamRole, string> = { owner: 'owner', admin: 'teamadmin', member: 'member', billing: 'billing' };

let server: TestServer;
const people = {} as Record<TeamRole | 'outsider', TeamPerson>;
let siteAdmin: string;
let teamId: string;
/** a team the outsider owns and the others are not in */
let otherTeamId: string;
/** each role's team API key, created in the team's account with all the role allows */
const teamKeys = {} as Record<TeamRole, string>;
let checked = 0;

/** One request to `route` with every path parameter an id nobody has, and an empty body where it takes one. */
function hit(route: ApiRoute, token: string, headers: Record<string, string> = {}) {
  const path = fillPath(route.path, new Proxy({}, { get: () => nobody }));
  const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  checked++;
  return api(server, path, { method: route.method, token, body, headers });
}

/** Whether an answer is a refusal for the caller's role (the words of roleRefusal and scopeRefusal). */
const refusedForRole = (res: { status: number; body: unknown }) => res.status === 403 && /^(Only .+ can |This API key cannot )/.test(errorOf(res).error);

beforeAll(async () => {
  server = await startTestServer({ DEV_USERS: devUsersWith([...Object.values(personOf), 'outsider']), LOCAL_SANDBOX: 'none', LOCAL_SINGLE_USER: 'true' });
  for (const role of teamRoles) people[role] = await signInPerson(server, personOf[role]);
  people.outsider = await signInPerson(server, 'outsider');
  siteAdmin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
  const db = server.deps.db;
  teamId = await makeTeam(db, 'Matrix Team', people.owner, [
    [people.admin, 'admin'],
    [people.member, 'member'],
    [people.billing, 'billing'],
  ]);
  otherTeamId = await makeTeam(db, 'Other Team', people.outsider, []);
  // The teams routes come on their own branch (their tests check their roles): until they are
  // registered they answer 404 to everyone, so the matrix covers them only once they are.
  const teamsRegistered = (await api(server, '/api/teams', { token: people.owner.accessToken })).status !== 404;
  // Signing out ends the caller's session for every later call, so the matrix leaves it out: the
  // authorisation matrix calls it from a session of its own, and server/terminal/ends tests what it ends.
  routes = apiRoutes(defaultBrand).filter((r) => !r.websocket && (r.auth === 'user' || r.auth === 'admin') && (teamsRegistered || r.tag !== 'teams') && r.name !== authContract.signOut.name);
  userRoutes = routes.filter((r) => r.auth === 'user');
  adminRoutes = routes.filter((r) => r.auth === 'admin');
  for (const role of teamRoles) {
    const created = await call(server, authContract.createApiKey, { body: { name: `${role} key` }, headers: inAccount(teamId) } as never, { token: people[role].accessToken });
    expect(created.scopes).toEqual([...roleScopes[role]]);
    teamKeys[role] = created.key;
  }
}, 120_000);

afterAll(async () => {
  console.log(`team matrix: ${checked} requests checked`);
  // The two machines' provisioning may still be under way on a busy machine: let it end before the stop.
  await server?.services.tasks.drain();
  await server?.cleanup();
}, 180_000);

describe('team authorisation matrix', () => {
  it.each(teamRoles)(
    'a team %s is refused with 403 exactly where the role does not allow the route (X-Account)',
    async (role) => {
      const wrong: string[] = [];
      for (const route of userRoutes) {
        const res = await hit(route, people[role].accessToken, inAccount(teamId));
        const refusal = roleRefusal(role, route);
        if (refusal) {
          if (res.status !== 403 || errorOf(res).error !== refusal) wrong.push(`${route.name}: ${res.status}, expected the role's 403`);
        } else if (route.tag === 'teams') {
          // The teams pages check roles themselves (their own tests); here only: never refused by the route table.
          if (res.status === 401 || refusedForRole(res)) wrong.push(`${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
        } else if (res.status === 401 || res.status === 403) wrong.push(`${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );

  it.each(teamRoles)(
    "a team %s's API key is refused where its scopes or the role do not reach, and nowhere else",
    async (role) => {
      const wrong: string[] = [];
      for (const route of userRoutes) {
        const res = await hit(route, teamKeys[role]);
        const refusal = scopeRefusal(roleScopes[role], route) ?? roleRefusal(role, route);
        if (refusal ? res.status !== 403 || errorOf(res).error !== refusal : res.status === 401 || refusedForRole(res) || (route.tag !== 'teams' && res.status === 403))
          wrong.push(`${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );

  it('refuses with 403 every route to someone who is not a member of the team named by X-Account (the site administrator too)', async () => {
    const wrong: string[] = [];
    for (const token of [people.outsider.accessToken, siteAdmin]) {
      for (const route of routes) {
        const res = await hit(route, token, inAccount(teamId));
        if (res.status !== 403 || errorOf(res).error !== 'You are not a member of this team') wrong.push(`${route.name}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("refuses with 403 an API key that names another account than its own: another team, the creator's personal account, a team its person belongs to", async () => {
    const outsiderKey = (await call(server, authContract.createApiKey, { body: { name: 'personal' } }, { token: people.outsider.accessToken })).key;
    const memberKey = (await call(server, authContract.createApiKey, { body: { name: 'personal' } }, { token: people.member.accessToken })).key;
    const attempts: [string, string, string][] = [
      ['team key → another team', teamKeys.owner, otherTeamId],
      ["team key → its creator's personal account", teamKeys.owner, people.owner.id],
      ['personal key → a team its person is not in', outsiderKey, teamId],
      ['personal key → a team its person is in', memberKey, teamId],
    ];
    const wrong: string[] = [];
    for (const [what, key, account] of attempts) {
      for (const route of routes) {
        const res = await hit(route, key, inAccount(account));
        if (res.status !== 403) wrong.push(`${what}: ${route.name}: ${res.status}`);
      }
      // Naming its own account is the same as naming none.
      if (key === teamKeys.owner) expect((await send(server, billingContract.balance, { headers: inAccount(teamId) } as never, { token: key })).status).toBe(200);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('keeps admin routes closed (403) to members of every role, in the team and in their own account, and to team keys', async () => {
    const wrong: string[] = [];
    for (const role of teamRoles) {
      for (const [how, token, headers] of [
        ['X-Account', people[role].accessToken, inAccount(teamId)],
        ['personal', people[role].accessToken, {}],
        ['team key', teamKeys[role], {}],
      ] as const) {
        for (const route of adminRoutes) {
          const res = await hit(route, token, headers);
          if (res.status !== 403) wrong.push(`${role} (${how}): ${route.name}: ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('lets every member use every route in their own account whatever their role in a team (no role applies there)', async () => {
    const wrong: string[] = [];
    for (const role of ['billing', 'member'] as const) {
      for (const route of userRoutes) {
        const res = await hit(route, people[role].accessToken);
        if (res.status === 401 || refusedForRole(res) || (route.tag !== 'teams' && res.status === 403)) wrong.push(`${role}: ${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('ownership across accounts', () => {
  interface Things {
    deployment: string;
    licence: string;
    connected: string;
    apiKey: string;
    notification: string;
    ledgerEntry: string;
  }
  const owned = {} as Record<'team' | 'personal', Things>;
  const asTeam = () => inAccount(teamId);

  /** One of each kind of thing in `account`, made by the owner acting there; the money comes from an administrator's top-up (which also leaves a notice). */
  async function makeThings(headers: Record<string, string>, accountId: string, label: string): Promise<Things> {
    const token = people.owner.accessToken;
    await call(server, customersContract.topup, { params: { id: accountId }, headers: { 'Idempotency-Key': `own-${label}` }, body: { amount_cents: 500, reason: 'test' } }, { token: siteAdmin });
    const ledgerEntry = (await call(server, billingContract.transactions, { headers } as never, { token })).transactions.find((t) => t.kind === 'admin_topup')?.id;
    const notices = await call(server, notificationsContract.list, { headers } as never, { token });
    const deployment = await call(
      server,
      d.create,
      { headers: { ...headers, 'Idempotency-Key': `own-${label}` }, body: { configId: 'trial_vm_hetzner', name: `own-${label}`, timeoutMins: null } } as never,
      { token },
    );
    const licence = await call(server, licensesContract.create, { headers, body: { type: 'community', organization_name: `Own ${label}` } } as never, { token });
    const connected = await call(server, connectedDeploymentsContract.create, { headers, body: { name: `own-${label}`, url: `https://${label}.example` } } as never, { token });
    const key = await call(server, authContract.createApiKey, { headers, body: { name: `own ${label}` } } as never, { token });
    const notification = notices.notifications.find((n) => n.kind === 'topup_received')?.id;
    if (!notification || !ledgerEntry) throw new Error(`no top-up notice or ledger entry in the ${label} account`);
    return { deployment: deployment.id, licence: licence.id, connected: connected.id, apiKey: key.id, notification, ledgerEntry };
  }

  beforeAll(async () => {
    owned.team = await makeThings(asTeam(), teamId, 'team');
    owned.personal = await makeThings({}, people.owner.id, 'personal');
  }, 60_000);

  /** The answers, in `headers`' account, to reading and changing each of `things` by id. */
  async function byId(things: Things, headers: Record<string, string>, token = people.owner.accessToken) {
    const opts = { token };
    const withHeaders = <T extends object>(input: T) => ({ ...input, headers: { ...headers, ...(input as { headers?: object }).headers } }) as never;
    return {
      'deployments.get': (await send(server, d.get, withHeaders({ params: { id: things.deployment } }), opts)).status,
      'deployments.setup-steps': (await send(server, d.setupSteps, withHeaders({ params: { id: things.deployment } }), opts)).status,
      'deployments.update-timeout': (await send(server, d.updateTimeout, withHeaders({ params: { id: things.deployment }, body: { timeoutMins: 60 } }), opts)).status,
      'licenses.hide': (await send(server, licensesContract.hide, withHeaders({ params: { id: things.licence } }), opts)).status,
      'licenses.checkout': (await send(server, licensesContract.checkout, withHeaders({ body: { license_id: things.licence, users_limit: 10 } }), opts)).status,
      'connected-deployments.delete': (await send(server, connectedDeploymentsContract.remove, withHeaders({ params: { id: things.connected } }), opts)).status,
      'api-keys.revoke': (await send(server, authContract.revokeApiKey, withHeaders({ params: { id: things.apiKey } }), opts)).status,
      'notifications.mark-read': (await send(server, notificationsContract.markRead, withHeaders({ params: { id: things.notification } }), opts)).status,
    };
  }

  /** Which of `things` the lists of `headers`' account show. */
  async function listed(things: Things, headers: Record<string, string>, token = people.owner.accessToken) {
    const input = { headers } as never;
    const opts = { token };
    return {
      deployment: (await call(server, d.list, input, opts)).some((x) => x.id === things.deployment),
      licence: (await call(server, licensesContract.list, input, opts)).some((x) => x.id === things.licence),
      connected: (await call(server, connectedDeploymentsContract.list, input, opts)).some((x) => x.id === things.connected),
      apiKey: (await call(server, authContract.listApiKeys, input, opts)).keys.some((x) => x.id === things.apiKey),
      notification: (await call(server, notificationsContract.list, input, opts)).notifications.some((x) => x.id === things.notification),
      ledgerEntry: (await call(server, billingContract.transactions, input, opts)).transactions.some((x) => x.id === things.ledgerEntry),
    };
  }

  const nowhere = { deployment: false, licence: false, connected: false, apiKey: false, notification: false, ledgerEntry: false };
  const everywhere = { deployment: true, licence: true, connected: true, apiKey: true, notification: true, ledgerEntry: true };
  const allNotFound = (statuses: Record<string, number>) => Object.fromEntries(Object.keys(statuses).map((k) => [k, 404]));

  it("shows the team's things in the team's account and not in the member's own, and the other way round", async () => {
    expect(await listed(owned.team, asTeam())).toEqual(everywhere);
    expect(await listed(owned.personal, {})).toEqual(everywhere);
    expect(await listed(owned.team, {})).toEqual(nowhere);
    expect(await listed(owned.personal, asTeam())).toEqual(nowhere);
    // Another member sees the team's things in the team and nothing of the owner's own.
    expect(await listed(owned.personal, asTeam(), people.admin.accessToken)).toEqual(nowhere);
    expect(await listed(owned.team, {}, people.admin.accessToken)).toEqual(nowhere);
  });

  it("answers 404 for the team's things by id in a member's personal account, and for a member's own things in the team's account", async () => {
    const teamFromPersonal = await byId(owned.team, {});
    expect(teamFromPersonal).toEqual(allNotFound(teamFromPersonal));
    const personalFromTeam = await byId(owned.personal, asTeam());
    expect(personalFromTeam).toEqual(allNotFound(personalFromTeam));
    const personalFromTeamByAdmin = await byId(owned.personal, asTeam(), people.admin.accessToken);
    expect(personalFromTeamByAdmin).toEqual(allNotFound(personalFromTeamByAdmin));
    // Nothing was changed by the refused calls: each is still there, in its own account.
    expect(await listed(owned.team, asTeam())).toEqual(everywhere);
    expect(await listed(owned.personal, {})).toEqual(everywhere);
  });

  it("opens a shell on the team's machine to members whose role may deploy, acting in the team (?account=), and to nobody else", async () => {
    const id = owned.team.deployment;
    await until('the team machine running', async () => (await call(server, d.get, { params: { id }, headers: asTeam() } as never, { token: people.owner.accessToken })).status === 'running', 60_000);
    const outcome = terminalOutcome;
    const team = { account: teamId };
    const got = {
      member: await outcome(terminalUrl(server.url, id, people.member.accessToken, team)),
      memberKey: await outcome(terminalUrl(server.url, id, teamKeys.member)),
      billing: await outcome(terminalUrl(server.url, id, people.billing.accessToken, team)),
      billingKey: await outcome(terminalUrl(server.url, id, teamKeys.billing)),
      outsider: await outcome(terminalUrl(server.url, id, people.outsider.accessToken, team)),
      memberInOwnAccount: await outcome(terminalUrl(server.url, id, people.member.accessToken)),
      teamKeyNamingAnother: await outcome(terminalUrl(server.url, id, teamKeys.member, { account: otherTeamId })),
      notAnAccountId: await outcome(terminalUrl(server.url, id, people.member.accessToken, { account: 'not-an-id' })),
    };
    checked += Object.keys(got).length;
    expect(got).toEqual({ member: 'open', memberKey: 'open', billing: 4403, billingKey: 4403, outsider: 4403, memberInOwnAccount: 4404, teamKeyNamingAnother: 4403, notAnAccountId: 4403 });
  }, 90_000);

  it("gives the machine's SSH private key only to roles that may deploy", async () => {
    const id = owned.team.deployment;
    const privateKeyFor = async (token: string, headers: Record<string, string> = asTeam()) => 'ssh_private_key' in ((await api(server, `/api/deployments/${id}`, { token, headers })).body as object);
    expect({
      owner: await privateKeyFor(people.owner.accessToken),
      member: await privateKeyFor(people.member.accessToken),
      billing: await privateKeyFor(people.billing.accessToken),
      billingKey: await privateKeyFor(teamKeys.billing, {}),
    }).toEqual({ owner: true, member: true, billing: false, billingKey: false });
  });

  it("lets a member revoke only the team keys they made, and owners and admins any of the team's", async () => {
    const keyOf = async (role: TeamRole) => (await call(server, authContract.createApiKey, { headers: asTeam(), body: { name: `${role} spare` } } as never, { token: people[role].accessToken })).id;
    const revoke = async (role: TeamRole, id: string) => (await send(server, authContract.revokeApiKey, { params: { id }, headers: asTeam() } as never, { token: people[role].accessToken })).status;
    const [ownersKey, membersKey, billingsKey] = [await keyOf('owner'), await keyOf('member'), await keyOf('billing')];
    expect({ memberRevokesOwners: await revoke('member', ownersKey), billingRevokesMembers: await revoke('billing', membersKey) }).toEqual({ memberRevokesOwners: 404, billingRevokesMembers: 404 });
    expect({ memberRevokesOwn: await revoke('member', membersKey), adminRevokesBillings: await revoke('admin', billingsKey), ownerRevokesOwn: await revoke('owner', ownersKey) }).toEqual({
      memberRevokesOwn: 204,
      adminRevokesBillings: 204,
      ownerRevokesOwn: 204,
    });
  });

  it("a team key reaches the team's things and none of its creator's own", async () => {
    const key = teamKeys.owner;
    expect((await send(server, d.get, { params: { id: owned.team.deployment } }, { token: key })).status).toBe(200);
    expect((await send(server, d.get, { params: { id: owned.personal.deployment } }, { token: key })).status).toBe(404);
    expect((await send(server, licensesContract.checkout, { body: { license_id: owned.personal.licence, users_limit: 10 } }, { token: key })).status).toBe(404);
    const txs = await call(server, billingContract.transactions, {}, { token: key });
    expect(txs.transactions.map((t) => t.id)).toContain(owned.team.ledgerEntry);
    expect(txs.transactions.map((t) => t.id)).not.toContain(owned.personal.ledgerEntry);
  });
});
