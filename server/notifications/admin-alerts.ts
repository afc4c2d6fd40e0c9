import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { AdminAlertKind, AdminAlertPreferences } from '../../shared/api/admin-alerts';
import { adminAlertConditions, mailOutbox, notifications, users } from '../db/schema';
import type { Db } from '../db/client';
import { alertPreferencesOf } from './admin-alert-preferences';
import type { NotifyDeps } from './notify';

export interface AdminAlertDeps extends NotifyDeps {
  /** `ADMIN_EMAILS`: admins whatever their token says */
  adminEmails: readonly string[];
  /** the stable releases, newest first (versions behind) */
  stableReleases(): Promise<string[]>;
  /** an outgoing webhook is configured: alerts in the operator's history wait to be delivered to it */
  webhookOn: boolean;
}

export interface Admin {
  id: string;
  email: string;
  prefs: AdminAlertPreferences;
}

export interface Alert {
  kind: AdminAlertKind;
  title: string;
  body: string;
  link: string | null;
}

/**
 * Every administrator a job can know of: the accounts in `ADMIN_EMAILS`, and those whose latest
 * sign-in's token carried the admin role (`users.idp_admin`, kept at each sign-in). A role given
 * at the identity provider counts from that person's next sign-in; one taken away, likewise.
 */
export async function administrators(db: Db, adminEmails: readonly string[]): Promise<Admin[]> {
  const emails = adminEmails.map((e) => e.toLowerCase());
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(emails.length > 0 ? or(eq(users.idpAdmin, true), inArray(users.email, emails)) : eq(users.idpAdmin, true));
  return Promise.all(rows.map(async (r) => ({ ...r, prefs: await alertPreferencesOf(db, r.id) })));
}

/**
 * Records one alert for one administrator once per dedupe key, with its e-mail when they want it,
 * in the caller's transaction. Answers whether it was new.
 */
export async function recordAlert(deps: NotifyDeps, admin: Admin, dedupeKey: string, a: Alert): Promise<boolean> {
  const now = deps.clock.now();
  const [inserted] = await deps.db
    .insert(notifications)
    .values({ userId: admin.id, kind: a.kind, dedupeKey, title: a.title, body: a.body, link: a.link, createdAt: now })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  if (!inserted) return false;
  if (!admin.prefs.email[a.kind] || !admin.email) return true;
  const link = a.link ? `\n\n${deps.publicUrl}${a.link}` : '';
  await deps.db.insert(mailOutbox).values({
    toAddress: admin.email,
    subject: a.title,
    body: `${a.body}${link}\n\nYou receive this administrator alert because of your alert preferences on your account page: ${deps.publicUrl}/account`,
    notificationId: inserted.id,
    createdAt: now,
    transport: deps.mailTransport,
  });
  return true;
}

export const eventKey = (kind: AdminAlertKind, subject: string, admin: Pick<Admin, 'id'>) => `${kind}:${subject}:${admin.id}`;

/** An alert about one event (a failed deployment, a payment): once per administrator, ever. */
export function alertEvent(deps: NotifyDeps, admin: Admin, subject: string, a: Alert): Promise<boolean> {
  if (!admin.prefs.enabled[a.kind]) return Promise.resolve(false);
  return deps.db.transaction((tx) => recordAlert({ ...deps, db: tx }, admin, eventKey(a.kind, subject, admin), a));
}

/**
 * An alert about a condition that holds now (an installation over its limit, a pending transfer):
 * once while it lasts. A condition that had cleared starts a new episode, and so a new alert. The
 * episode and the alert are written together, so a crash leaves both or neither.
 */
export function alertCondition(deps: NotifyDeps, admin: Admin, subject: string, a: Alert): Promise<boolean> {
  if (!admin.prefs.enabled[a.kind]) return Promise.resolve(false);
  const conditionKey = `${a.kind}:${subject}`;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [started] = await tx
      .insert(adminAlertConditions)
      .values({ userId: admin.id, conditionKey, active: true, episode: 1, changedAt: now })
      .onConflictDoUpdate({
        target: [adminAlertConditions.userId, adminAlertConditions.conditionKey],
        set: { active: true, episode: sql`${adminAlertConditions.episode} + 1`, changedAt: now },
        setWhere: eq(adminAlertConditions.active, false),
      })
      .returning({ episode: adminAlertConditions.episode });
    if (!started) return false;
    return recordAlert({ ...deps, db: tx }, admin, `${conditionKey}:${started.episode}:${admin.id}`, a);
  });
}

/**
 * Conditions of one kind that no longer hold for this administrator: re-armed, so their return
 * alerts again. Answers the subjects still active (already alerted): nothing to do for them.
 */
export async function clearConditions(deps: NotifyDeps, admin: Admin, kind: AdminAlertKind, holding: ReadonlySet<string>): Promise<Set<string>> {
  const active = await deps.db
    .select({ key: adminAlertConditions.conditionKey })
    .from(adminAlertConditions)
    .where(and(eq(adminAlertConditions.userId, admin.id), eq(adminAlertConditions.active, true), like(adminAlertConditions.conditionKey, `${kind}:%`)));
  const subjects = active.map((r) => r.key.slice(kind.length + 1));
  const cleared = active.map((r) => r.key).filter((key) => !holding.has(key.slice(kind.length + 1)));
  const stillActive = new Set(subjects.filter((s) => holding.has(s)));
  if (cleared.length === 0) return stillActive;
  await deps.db
    .update(adminAlertConditions)
    .set({ active: false, changedAt: deps.clock.now() })
    .where(and(eq(adminAlertConditions.userId, admin.id), inArray(adminAlertConditions.conditionKey, cleared)));
  return stillActive;
}
