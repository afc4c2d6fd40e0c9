import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { defaultMinorVersionsBehind, defaultTransferPendingDays, silentAfterHours, type AdminAlertKind } from '../../shared/api/admin-alerts';
import { minorVersionsBehind } from '../../shared/admin-alerts/minor-versions-behind';
import { formatCents } from '../../shared/api/billing';
import { formatDateTime } from '../../shared/format/dates';
import { appPath, installationPath } from '../../shared/routes/app-paths';
import { quoteEnterprise, wireReference } from '../../shared/licenses/pricing';
import { adminAlertHistory, auditEvents, checkoutSessions, deployments, installations, licenses, notifications, users } from '../db/schema';
import { administrators, alertCondition, alertEvent, clearConditions, eventKey, type Admin, type AdminAlertDeps, type Alert } from './admin-alerts';
import { clearHistoryConditions, historyCondition, historyEvent } from './alert-history';

const hourMs = 3600_000;
const dayMs = 24 * hourMs;
/** Events (failures, payments) older than this are not alerted: the job catches up after a crash or a restart, not on history. */
export const eventWindowMs = 2 * dayMs;

const count = (results: boolean[]) => results.filter(Boolean).length;
const orgOf = (i: { organizationName: string | null; licenseUserEmail: string | null; deploymentId: string }) => i.organizationName ?? i.licenseUserEmail ?? i.deploymentId.slice(0, 12);

/** A lasting condition, for every administrator: alert those it newly holds for, re-arm those it stopped holding for. */
async function conditions(deps: AdminAlertDeps, admins: Admin[], kind: AdminAlertKind, holding: (admin: Admin) => { subject: string; alert: Alert }[]): Promise<number> {
  const sent = [];
  for (const admin of admins) {
    const now = holding(admin);
    const alerted = await clearConditions(deps, admin, kind, new Set(now.map((h) => h.subject)));
    // alertCondition decides under its own write (two instances may race); this only spares the already alerted a transaction each
    for (const h of now) if (!alerted.has(h.subject)) sent.push(await alertCondition(deps, admin, h.subject, h.alert));
  }
  await historyConditions(deps, admins, kind, holding);
  return count(sent);
}

/** Without administrators the operator's history still counts conditions, by the default figures. */
const anyone: Admin = {
  id: '',
  email: '',
  prefs: { enabled: {} as Admin['prefs']['enabled'], email: {} as Admin['prefs']['email'], transfer_pending_days: defaultTransferPendingDays, minor_versions_behind: defaultMinorVersionsBehind },
};

/**
 * The operator's history (the Alerts page and the webhook): a condition once while it holds for
 * any administrator's figures, whatever each chose to receive.
 */
async function historyConditions(deps: AdminAlertDeps, admins: Admin[], kind: AdminAlertKind, holding: (admin: Admin) => { subject: string; alert: Alert }[]): Promise<void> {
  const shared = new Map<string, Alert>();
  for (const admin of admins.length > 0 ? admins : [anyone]) for (const h of holding(admin)) if (!shared.has(h.subject)) shared.set(h.subject, h.alert);
  const open = await clearHistoryConditions(deps, kind, new Set(shared.keys()));
  for (const [subject, alert] of shared) if (!open.has(subject)) await historyCondition(deps, subject, alert);
}

/** Recent events, for every administrator: each alerted once (its dedupe key). */
async function events(deps: AdminAlertDeps, admins: Admin[], kind: AdminAlertKind, items: { subject: string; alert: Alert }[]): Promise<number> {
  const sent = [];
  await historyEvents(deps, kind, items);
  const since = new Date(deps.clock.now().getTime() - eventWindowMs - dayMs);
  for (const admin of admins) {
    if (!admin.prefs.enabled[kind] || items.length === 0) continue;
    // alertEvent's unique key decides; this only spares the already alerted a transaction each
    const done = new Set(
      (
        await deps.db
          .select({ key: notifications.dedupeKey })
          .from(notifications)
          .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, kind), gt(notifications.createdAt, since)))
      ).map((r) => r.key),
    );
    for (const e of items) if (!done.has(eventKey(kind, e.subject, admin))) sent.push(await alertEvent(deps, admin, e.subject, e.alert));
  }
  return count(sent);
}

/** The operator's history: each event once, whoever is alerted. */
async function historyEvents(deps: AdminAlertDeps, kind: AdminAlertKind, items: { subject: string; alert: Alert }[]): Promise<void> {
  if (items.length === 0) return;
  const keys = items.map((e) => `${kind}:${e.subject}`);
  // the unique dedupe key decides; this only spares the recorded ones an insert each minute
  const done = new Set((await deps.db.select({ key: adminAlertHistory.dedupeKey }).from(adminAlertHistory).where(inArray(adminAlertHistory.dedupeKey, keys))).map((r) => r.key));
  for (const e of items) if (!done.has(`${kind}:${e.subject}`)) await historyEvent(deps, e.subject, e.alert);
}

/** Licences waiting for their payment (a card pays at once: days of waiting mean a bank transfer) longer than each administrator's N days. */
async function transfersPending(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .select()
    .from(licenses)
    .where(and(eq(licenses.status, 'pending'), eq(licenses.paymentStatus, 'pending')));
  return conditions(deps, admins, 'admin_transfer_pending', (admin) =>
    rows
      .filter((l) => now - l.createdAt.getTime() > admin.prefs.transfer_pending_days * dayMs)
      .map((l) => {
        const days = Math.floor((now - l.createdAt.getTime()) / dayMs);
        const amount = formatCents(quoteEnterprise({ users: l.usersLimit ?? 10, gpus: l.gpusLimit ?? 0, support: l.supportLevel }).annualCents);
        return {
          subject: l.id,
          alert: {
            kind: 'admin_transfer_pending',
            title: `Payment of ${amount} for ${l.organizationName} pending for ${days} days`,
            body: `The license ${l.id} for ${l.organizationName} (${l.email}) has waited ${days} days for its payment of ${amount}. Its bank-transfer reference is ${wireReference(l.id)}: mark it paid on License Admin once the transfer arrives.`,
            link: appPath('admin-licenses'),
          },
        };
      }),
  );
}

/** Installations whose latest ping reports more users than their licence allows. */
export async function overUserLimit(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const rows = await deps.db
    .select({ i: installations, limit: licenses.usersLimit })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(and(isNotNull(licenses.usersLimit), sql`${installations.usersCount} > ${licenses.usersLimit}`));
  return conditions(deps, admins, 'admin_over_user_limit', () =>
    rows.map(({ i, limit }) => ({
      subject: i.key,
      alert: {
        kind: 'admin_over_user_limit',
        title: `${orgOf(i)} runs ${i.usersCount} users on a license for ${limit}`,
        body: `An installation of ${orgOf(i)} (license ${i.licenseId}, version ${i.version}) reported ${i.usersCount} users at ${formatDateTime(i.lastPing, 'UTC')} UTC: its license allows ${limit}.`,
        link: installationPath(i.key),
      },
    })),
  );
}

/** Installations with a valid licence that have not pinged for 24 hours (they ping hourly). */
async function silentInstallations(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ i: installations })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(and(eq(licenses.status, 'active'), or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now)), lte(installations.lastPing, new Date(now.getTime() - silentAfterHours * hourMs))));
  return conditions(deps, admins, 'admin_installation_silent', () =>
    rows.map(({ i }) => ({
      subject: i.key,
      alert: {
        kind: 'admin_installation_silent',
        title: `An installation of ${orgOf(i)} has been silent for ${silentAfterHours} hours`,
        body: `The licensed installation of ${orgOf(i)} (license ${i.licenseId}) last pinged at ${formatDateTime(i.lastPing, 'UTC')} UTC. Installations ping hourly: it may be down or cut off.`,
        link: installationPath(i.key),
      },
    })),
  );
}

/** Licensed installations more than each administrator's N minor versions behind the newest stable release. */
async function versionsBehind(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const stable = await deps.stableReleases();
  const latest = stable[0];
  const rows = latest ? await deps.db.select().from(installations).where(isNotNull(installations.licenseId)) : [];
  const behind = rows.map((i) => ({ i, n: minorVersionsBehind(i.version, stable) ?? 0 }));
  return conditions(deps, admins, 'admin_versions_behind', (admin) =>
    behind
      .filter((b) => b.n > admin.prefs.minor_versions_behind)
      .map(({ i, n }) => ({
        subject: i.key,
        alert: {
          kind: 'admin_versions_behind',
          title: `An installation of ${orgOf(i)} is ${n} minor versions behind`,
          body: `The licensed installation of ${orgOf(i)} (license ${i.licenseId}) runs ${i.version}; the latest release is ${latest}.`,
          link: installationPath(i.key),
        },
      })),
  );
}

/** Deployments that failed recently (the job finds every one, whichever instance failed it and whether or not it stopped right after). */
async function deploymentsFailed(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - eventWindowMs);
  const rows = await deps.db
    .select({ d: deployments, email: users.email })
    .from(deployments)
    .innerJoin(users, eq(users.id, deployments.userId))
    .where(and(eq(deployments.status, 'failed'), gt(deployments.updatedAt, since)));
  return events(
    deps,
    admins,
    'admin_deployment_failed',
    rows.map(({ d, email }) => ({
      subject: d.id,
      alert: {
        kind: 'admin_deployment_failed',
        title: `Deployment ${d.name} of ${email} failed`,
        body: `The deployment "${d.name}" (${d.id}) of ${email} failed: ${d.errorMessage ?? 'no reason was recorded'}`,
        link: appPath('admin-deployments'),
      },
    })),
  );
}

/** Card payments (balance or licence) and bank transfers marked received, recently. */
async function paymentsReceived(deps: AdminAlertDeps, admins: Admin[]): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - eventWindowMs);
  const paid = await deps.db
    .select({ c: checkoutSessions, email: users.email })
    .from(checkoutSessions)
    .innerJoin(users, eq(users.id, checkoutSessions.userId))
    .where(and(eq(checkoutSessions.status, 'paid'), gt(checkoutSessions.completedAt, since)));
  const marked = await deps.db
    .select({ licenceId: auditEvents.targetId })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'admin.license.marked_paid'), gt(auditEvents.at, since)));
  const ids = marked.map((m) => m.licenceId).filter((id): id is string => !!id);
  const transfers = ids.length > 0 ? await deps.db.select().from(licenses).where(inArray(licenses.id, ids)) : [];
  return events(deps, admins, 'admin_payment_received', [
    ...paid.map(({ c, email }) => ({
      subject: `checkout:${c.id}`,
      alert: {
        kind: 'admin_payment_received' as const,
        title: `Payment of ${formatCents(c.amountCents)} received from ${email}`,
        body: `${email} paid ${formatCents(c.amountCents)} by card ${c.purpose === 'license' ? `for the license ${c.reference ?? ''}`.trimEnd() : 'into their balance'}.`,
        link: appPath(c.purpose === 'license' ? 'admin-licenses' : 'admin-balances'),
      },
    })),
    ...transfers.map((l) => {
      const amount = formatCents(quoteEnterprise({ users: l.usersLimit ?? 10, gpus: l.gpusLimit ?? 0, support: l.supportLevel }).annualCents);
      return {
        subject: `transfer:${l.id}`,
        alert: {
          kind: 'admin_payment_received' as const,
          title: `Bank transfer of ${amount} received from ${l.organizationName}`,
          body: `The bank transfer of ${amount} for the license ${l.id} of ${l.organizationName} (${l.email}) was marked received; the license is active.`,
          link: appPath('admin-licenses'),
        },
      };
    }),
  ]);
}

export interface AdminAlertCounts {
  transferPending: number;
  overUserLimit: number;
  silent: number;
  versionsBehind: number;
  deploymentFailed: number;
  paymentReceived: number;
}

/** Every administrator alert: checked by a job every minute; each raised once per condition, however often and wherever it runs. */
export async function checkAdminAlerts(deps: AdminAlertDeps): Promise<AdminAlertCounts> {
  const admins = await administrators(deps.db, deps.adminEmails);
  return {
    transferPending: await transfersPending(deps, admins),
    overUserLimit: await overUserLimit(deps, admins),
    silent: await silentInstallations(deps, admins),
    versionsBehind: await versionsBehind(deps, admins),
    deploymentFailed: await deploymentsFailed(deps, admins),
    paymentReceived: await paymentsReceived(deps, admins),
  };
}

/** The over-limit check alone, run right after pings are stored so the alert does not wait for the job. */
export async function checkOverUserLimit(deps: AdminAlertDeps): Promise<number> {
  return overUserLimit(deps, await administrators(deps.db, deps.adminEmails));
}
