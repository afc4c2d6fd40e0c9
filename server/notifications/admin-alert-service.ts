import type { Logger } from 'pino';
import type { Job } from '../jobs/scheduler';
import type { ReleaseSource } from '../releases/service';
import { checkAdminAlerts, checkOverUserLimit } from './admin-alert-checks';
import type { AdminAlertDeps } from './admin-alerts';
import type { NotifyDeps } from './notify';

export interface AdminAlerts {
  deps: AdminAlertDeps;
  job: Job;
  /** pings were stored: check the user limits now (coalesced: one check at a time, one more if pings came meanwhile) */
  afterPings(): void;
  /** resolves when the checks asked for so far are done (tests, shutdown) */
  settled(): Promise<void>;
}

export function createAdminAlerts(notifyDeps: NotifyDeps, o: { adminEmails: readonly string[]; releases?: ReleaseSource; logger: Logger; webhookOn: boolean }): AdminAlerts {
  const deps: AdminAlertDeps = { ...notifyDeps, adminEmails: o.adminEmails, stableReleases: async () => (o.releases ? (await o.releases.list()).stable : []), webhookOn: o.webhookOn };
  let running: Promise<void> | undefined;
  let again = false;
  const overLimit = () =>
    checkOverUserLimit(deps).then(
      () => undefined,
      (err: unknown) => o.logger.warn({ err }, 'could not check installations against their user limits'),
    );
  return {
    deps,
    job: { name: 'notifications.admin-alerts', everyMs: 60_000, run: () => checkAdminAlerts(deps) },
    afterPings() {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await overLimit();
        } while (again);
      })().finally(() => (running = undefined));
    },
    settled: () => running ?? Promise.resolve(),
  };
}
