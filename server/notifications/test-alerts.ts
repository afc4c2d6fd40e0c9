import { randomUUID } from 'node:crypto';
import { appPath } from '../../shared/routes/app-paths';
import { adminAlertNames, silentAfterHours, type AdminAlertKind, type AlertWire } from '../../shared/api/admin-alerts';
import { recordAlert, type Admin, type AdminAlertDeps, type Alert } from './admin-alerts';
import { historyTest } from './alert-history';
import { alertById } from './alert-history-queries';

/**
 * What each alert says, with made-up figures: a test alert shows an operator the real wording and
 * reaches the real channels without waiting for a transfer to be pending for days or an
 * installation to be silent for a day.
 */
const samples: Record<AdminAlertKind, Omit<Alert, 'kind'>> = {
  admin_transfer_pending: {
    title: 'Payment of $12,000.00 for Example Ltd pending for 4 days',
    body: 'The license lic_example for Example Ltd (buyer@example.com) has waited 4 days for its payment of $12,000.00. Mark it paid on License Admin once the transfer arrives.',
    link: appPath('admin-licenses'),
  },
  admin_over_user_limit: {
    title: 'Example Ltd runs 14 users on a license for 10',
    body: 'An installation of Example Ltd (license lic_example) reported 14 users: its license allows 10.',
    link: appPath('admin-pings'),
  },
  admin_installation_silent: {
    title: `An installation of Example Ltd has been silent for ${silentAfterHours} hours`,
    body: 'The licensed installation of Example Ltd (license lic_example) has not pinged for a day. Installations ping hourly: it may be down or cut off.',
    link: appPath('admin-pings'),
  },
  admin_versions_behind: {
    title: 'An installation of Example Ltd is 3 minor versions behind',
    body: 'The licensed installation of Example Ltd (license lic_example) runs an old release; the latest release is newer by 3 minor versions.',
    link: appPath('admin-pings'),
  },
  admin_deployment_failed: {
    title: 'Deployment example of someone@example.com failed',
    body: 'The deployment "example" of someone@example.com failed: the provider could not start the machine.',
    link: appPath('admin-deployments'),
  },
  admin_payment_received: {
    title: 'Payment of $50.00 received from someone@example.com',
    body: 'someone@example.com paid $50.00 by card into their balance.',
    link: appPath('admin-balances'),
  },
};

/** A test alert of one kind: the operator's history (and so the webhook), the caller's bell, and their e-mail when they get this kind by e-mail. */
export async function sendTestAlert(deps: AdminAlertDeps, caller: Admin, kind: AdminAlertKind): Promise<AlertWire> {
  const sample = samples[kind];
  const alert: Alert = {
    kind,
    title: `Test alert: ${sample.title}`,
    body: `${sample.body}\n\nThis is a test of the "${adminAlertNames[kind]}" alert, sent from the Alerts page.`,
    link: appPath('admin-alerts'),
  };
  const subject = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const written = await historyTest({ ...deps, db: tx }, subject, alert);
    await recordAlert({ ...deps, db: tx }, caller, `test:${subject}:${caller.id}`, alert);
    return written;
  });
  const wire = await alertById(deps.db, row.id);
  if (!wire) throw new Error('the test alert vanished');
  return wire;
}
