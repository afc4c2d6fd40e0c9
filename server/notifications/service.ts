import type { CheckoutRow } from '../billing/checkout';
import type { DeploymentRow } from '../deployments/queries';
import type { LicenseRow } from '../licenses/queries';
import type { AppDeps } from '../deps';
import type { Job } from '../jobs/scheduler';
import type { ReleaseSource } from '../releases/service';
import { createAdminAlerts, type AdminAlerts } from './admin-alert-service';
import { deploymentTerminated, licenceTransferPaid, paymentReceived, topupReceived } from './events';
import type { TopupDone } from '../billing/service';
import { deliverPendingMail, smtpTransporter } from './mailer';
import { deliverAlertWebhooks } from './alert-webhook';
import type { NotifyDeps } from './notify';
import type { Db } from '../db/client';
import { apiKeyCreated, type CreatedKey } from './api-key-events';
import { checkNotifications } from './triggers';
import type { DeploymentNotices } from '../deployments/notices';
import { deploymentDeleted, deploymentFailed, deploymentReady, deploymentTimeoutChanged, deploymentVersionChanged } from './deployment-events';

/** The notification side of the app: what events call, and the jobs that check and deliver. */
export interface Notifications extends NotifyDeps {
  paymentReceived(checkout: CheckoutRow): Promise<void>;
  deploymentTerminated(d: DeploymentRow, notice: { reason: string; unpaid: boolean }): Promise<void>;
  licenceTransferPaid(licence: LicenseRow): Promise<void>;
  /** ready, failed, version changed: written in the deployment's own transaction, never throwing */
  deployments: DeploymentNotices;
  topupReceived(topup: TopupDone): Promise<void>;
  /** written in the key's own transaction, never throwing */
  apiKeyCreated(tx: Db, key: CreatedKey, by: { id: string; email: string }): Promise<void>;
  jobs: Job[];
  /** administrators' alerts (./admin-alerts.ts) */
  adminAlerts: AdminAlerts;
}

export function createNotifications(deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'logger'>, releases?: ReleaseSource): Notifications {
  const { smtpUrl, from } = deps.config.mail;
  const notifyDeps: NotifyDeps = { db: deps.db, clock: deps.clock, mailTransport: smtpUrl ? 'smtp' : 'database', publicUrl: deps.config.publicUrl };
  // A notice that cannot be written must not undo the payment or termination it is about.
  const quietly = (what: string, work: () => Promise<unknown>) =>
    work().then(
      () => undefined,
      (err: unknown) => deps.logger.warn({ err }, `could not record the ${what} notification`),
    );
  const webhook = deps.config.alertWebhook;
  const adminAlerts = createAdminAlerts(notifyDeps, { adminEmails: deps.config.admin.emails, releases, logger: deps.logger, webhookOn: webhook !== undefined });
  const jobs: Job[] = [{ name: 'notifications.check', everyMs: 60_000, run: () => checkNotifications(notifyDeps) }, adminAlerts.job];
  if (webhook)
    jobs.push({
      name: 'notifications.deliver-alert-webhooks',
      everyMs: 5_000,
      run: () => deliverAlertWebhooks({ db: deps.db, clock: deps.clock, logger: deps.logger, webhook, publicUrl: deps.config.publicUrl }),
    });
  if (smtpUrl) {
    const transporter = smtpTransporter(smtpUrl);
    jobs.push({ name: 'notifications.deliver-mail', everyMs: 15_000, run: () => deliverPendingMail({ db: deps.db, clock: deps.clock, logger: deps.logger, from, transporter }) });
  }
  return {
    ...notifyDeps,
    paymentReceived: (c) => quietly('payment', () => paymentReceived(notifyDeps, c)),
    deploymentTerminated: (d, notice) => quietly('termination', () => deploymentTerminated(notifyDeps, d, notice)),
    licenceTransferPaid: (l) => quietly('bank transfer', () => licenceTransferPaid(notifyDeps, l)),
    // Inside the deployment's transaction: notify's own transaction is a savepoint there, so a
    // notice that fails is rolled back alone and the change it is about still commits.
    deployments: {
      ready: (tx, d) => quietly('deployment ready', () => deploymentReady({ ...notifyDeps, db: tx }, d)),
      failed: (tx, d, reason) => quietly('deployment failed', () => deploymentFailed({ ...notifyDeps, db: tx }, d, reason)),
      versionChanged: (tx, d, change) => quietly('version change', () => deploymentVersionChanged({ ...notifyDeps, db: tx }, d, change)),
      deleted: (tx, d, by) => quietly('deployment deleted', () => deploymentDeleted({ ...notifyDeps, db: tx }, d, by)),
      timeoutChanged: (tx, d, by) => quietly('timeout change', () => deploymentTimeoutChanged({ ...notifyDeps, db: tx }, d, by)),
    },
    topupReceived: (t) => quietly('top-up', () => topupReceived(notifyDeps, t)),
    apiKeyCreated: (tx, key, by) => quietly('API key created', () => apiKeyCreated({ ...notifyDeps, db: tx }, key, by)),
    jobs,
    adminAlerts,
  };
}
