import { describe, expect, it } from 'vitest';
import type { NotificationWire } from '../../shared/api/notifications';
import type { InstallationRecord } from '../../shared/api/pings';
import type { TrayView } from '../../shared/desktop/ipc';
import type { TrayNotification } from './model';
import { pingRecord } from '../../test/support/ping-record';
import { createPingPoller } from './poller';

/** an installation as the admin list answers it (its schema is the contract the poller reads with) */
const record = (id: string, version: string): InstallationRecord => ({
  ...pingRecord(id, version, { ip_address: '::1', country: 'NL', country_name: 'Netherlands', deployment_id: 'unknown', apps_count: 0, users_count: 0, last_ping: '2025-01-02T00:00:00.000Z' }),
  status: 'active',
  versions_behind: null,
  users_limit: null,
  over_limit: false,
});

function setup() {
  const state = { token: undefined as string | undefined, admin: true, pings: [] as InstallationRecord[], notifications: [] as NotificationWire[], down: false };
  const calls: string[] = [];
  const queries: string[] = [];
  const views: TrayView[] = [];
  const notes: TrayNotification[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${new URL(url).pathname} ${new Headers(init?.headers).get('authorization') ?? ''}`);
    queries.push(new URL(url).search);
    if (state.down) throw new TypeError('fetch failed');
    const path = new URL(url).pathname;
    const body =
      path === '/api/auth/check-admin'
        ? { isAdmin: state.admin }
        : path === '/api/notifications'
          ? { notifications: state.notifications, unread_count: state.notifications.filter((n) => !n.read_at).length }
          : { pings: state.pings, total: state.pings.length };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const poller = createPingPoller({
    serverUrl: () => 'https://lp.example.com',
    accessToken: async () => state.token,
    onView: (v) => views.push(v),
    notify: (n) => notes.push(n),
    fetchImpl,
    now: () => new Date('2025-01-02T01:00:00.000Z'),
  });
  return { state, calls, queries, views, notes, poller };
}

describe('tray ping poller', () => {
  it('pauses without calling the API while signed out, and for non-admins', async () => {
    const { state, calls, views, poller } = setup();
    await poller.poll();
    expect(calls).toEqual([]);
    expect(views.at(-1)?.paused).toMatch(/Sign in/);
    state.token = 'user-token';
    state.admin = false;
    await poller.poll();
    expect(calls).toEqual(['/api/auth/check-admin Bearer user-token']);
    expect(views.at(-1)?.paused).toBe('Only administrators see installations.');
  });

  it('polls as an admin: a view every time, notifications only for changes after the first load', async () => {
    const { state, calls, views, notes, poller } = setup();
    state.token = 'admin-token';
    state.pings = [record('a', '1.0')];
    await poller.poll();
    expect(calls.slice(-2)).toEqual(['/api/admin/pings Bearer admin-token', '/api/notifications Bearer admin-token']);
    expect(views.at(-1)).toMatchObject({ paused: null, totalInstallations: 1, activeInstallations: 1 });
    expect(notes).toEqual([]);

    state.pings = [record('a', '1.1'), record('b', '1.0')];
    await poller.poll();
    expect(notes.map((n) => n.title)).toEqual(['Installation updated', 'New installation']);

    state.down = true;
    await poller.poll();
    expect(views.at(-1)?.paused).toMatch(/could not be reached/);
    state.down = false;
    await poller.poll();
    expect(notes).toHaveLength(2);
  });

  it('forgets known installations after a sign-out, so the next first load is quiet', async () => {
    const { state, notes, poller } = setup();
    state.token = 'admin-token';
    state.pings = [record('a', '1.0')];
    await poller.poll();
    state.token = undefined;
    await poller.poll();
    state.token = 'admin-token';
    state.pings = [record('a', '1.0'), record('b', '1.0')];
    await poller.poll();
    expect(notes).toEqual([]);
  });

  it("lists the administrator's unread alerts and announces each new one once, none on the first load", async () => {
    const { state, views, notes, poller } = setup();
    const notice = (id: string, kind: string, title: string, read = false): NotificationWire => ({
      id,
      kind,
      title,
      body: `${title}.`,
      link: null,
      created_at: '2025-01-02T00:30:00.000Z',
      read_at: read ? '2025-01-02T00:40:00.000Z' : null,
    });
    state.token = 'admin-token';
    state.notifications = [notice('1', 'admin_over_user_limit', 'Acme runs 12 users on a license for 10'), notice('2', 'low_balance', 'Your balance is below $2.00')];
    await poller.poll();
    expect(views.at(-1)?.alerts).toEqual([{ id: '1', title: 'Acme runs 12 users on a license for 10', body: 'Acme runs 12 users on a license for 10.', createdAt: '2025-01-02T00:30:00.000Z' }]);
    expect(notes).toEqual([]);

    state.notifications = [notice('3', 'admin_deployment_failed', 'Deployment x of a@b.test failed'), notice('1', 'admin_over_user_limit', 'Acme runs 12 users on a license for 10', true)];
    await poller.poll();
    await poller.poll();
    expect(notes).toEqual([{ title: 'Deployment x of a@b.test failed', body: 'Deployment x of a@b.test failed.' }]);
    expect(views.at(-1)?.alerts.map((a) => a.id)).toEqual(['3']);
  });

  it('reads each answer with its route entry: the list asked for 100 at a time, an answer off the contract pauses the tray', async () => {
    const { state, queries, views, poller } = setup();
    state.token = 'admin-token';
    state.pings = [record('a', '1.0')];
    await poller.poll();
    expect(queries).toContain('?page_size=100');
    expect(views.at(-1)?.paused).toBeNull();

    state.pings = [{ ...record('a', '1.0'), status: 'sleeping' as 'active' }];
    await poller.poll();
    expect(views.at(-1)?.paused).toMatch(/could not be reached: \/api\/admin\/pings answered off the contract/);
  });
});
