import { authContract } from '../../shared/api/auth';
import { notificationsContract } from '../../shared/api/notifications';
import { pingsContract } from '../../shared/api/pings';
import type { TrayView } from '../../shared/desktop/ipc';
import { mainCaller } from '../api/call';
import { alertNotifications, trayAlerts } from './alerts';
import { pingNotifications, trayView, type KnownVersions, type TrayNotification } from './model';

export const pollEveryMs = 60_000;
/** enough recent installations for the lists and for spotting new ones between polls */
const pageSize = 100;

export interface PollerDeps {
  serverUrl(): string;
  accessToken(): Promise<string | undefined>;
  onView(view: TrayView): void;
  notify(n: TrayNotification): void;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  intervalMs?: number;
}

const paused = (reason: string, now: Date): TrayView => ({ activeInstallations: 0, totalInstallations: 0, latest: [], newest: [], alerts: [], updatedAt: now.toISOString(), paused: reason });

/**
 * Polls the admin pings API and the caller's notifications (for administrator alerts) every 60 s
 * for the tray. Signed out or not an administrator, it makes no API call but the sign-in check and
 * shows why; the memory of known installations and alerts is dropped, so the next admin's first
 * load does not announce every installation.
 */
export function createPingPoller(deps: PollerDeps) {
  const call = mainCaller({ serverUrl: deps.serverUrl, fetchImpl: deps.fetchImpl });
  const now = deps.now ?? (() => new Date());
  let known: KnownVersions | undefined;
  let knownAlerts: ReadonlySet<string> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  async function tick(): Promise<void> {
    const token = await deps.accessToken();
    if (!token) {
      known = undefined;
      knownAlerts = undefined;
      return deps.onView(paused('Sign in to Launchpad as an administrator to see installations.', now()));
    }
    try {
      const { isAdmin } = await call(authContract.checkAdmin, token);
      if (!isAdmin) {
        known = undefined;
        knownAlerts = undefined;
        return deps.onView(paused('Only administrators see installations.', now()));
      }
      const page = await call(pingsContract.adminList, token, { query: { page_size: pageSize } });
      // administrator alerts are the caller's own notifications of the admin kinds, read as the bell reads them
      const alerts = trayAlerts((await call(notificationsContract.list, token)).notifications);
      const diff = pingNotifications(known, page.pings);
      const alertDiff = alertNotifications(knownAlerts, alerts);
      known = diff.known;
      knownAlerts = alertDiff.known;
      deps.onView(trayView(page.pings, page.total, now(), alerts));
      alertDiff.notifications.forEach(deps.notify);
      diff.notifications.forEach(deps.notify);
    } catch (err) {
      // keep what is known: a network blip must not turn every installation into a "new" one
      deps.onView(paused(`Launchpad could not be reached: ${err instanceof Error ? err.message : String(err)}`, now()));
    }
  }

  /** one poll at a time; a poll asked for while one runs waits for it */
  const poll = () => (running ??= tick().finally(() => (running = undefined)));

  return {
    poll,
    start() {
      if (timer) return;
      void poll();
      timer = setInterval(() => void poll(), deps.intervalMs ?? pollEveryMs);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
