import { eq } from 'drizzle-orm';
import { adminAlertKinds, defaultMinorVersionsBehind, defaultTransferPendingDays, type AdminAlertKind, type AdminAlertPreferences } from '../../shared/api/admin-alerts';
import type { Db } from '../db/client';
import { adminAlertPreferences } from '../db/schema';

const fill = (chosen: Record<string, boolean> | undefined) => Object.fromEntries(adminAlertKinds.map((k) => [k, chosen?.[k] ?? true])) as Record<AdminAlertKind, boolean>;

/** An administrator's alert preferences with defaults filled in: every alert on, by e-mail too. */
export async function alertPreferencesOf(db: Db, userId: string): Promise<AdminAlertPreferences> {
  const [row] = await db.select().from(adminAlertPreferences).where(eq(adminAlertPreferences.userId, userId));
  return {
    enabled: fill(row?.enabled),
    email: fill(row?.email),
    transfer_pending_days: row?.transferPendingDays ?? defaultTransferPendingDays,
    minor_versions_behind: row?.minorVersionsBehind ?? defaultMinorVersionsBehind,
  };
}

export async function saveAlertPreferences(db: Db, userId: string, p: AdminAlertPreferences, at: Date): Promise<AdminAlertPreferences> {
  const values = { enabled: p.enabled, email: p.email, transferPendingDays: p.transfer_pending_days, minorVersionsBehind: p.minor_versions_behind, updatedAt: at };
  await db
    .insert(adminAlertPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: adminAlertPreferences.userId, set: values });
  return alertPreferencesOf(db, userId);
}
