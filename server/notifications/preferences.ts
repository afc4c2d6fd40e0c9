import { eq } from 'drizzle-orm';
import { defaultLowBalanceCents, notificationKinds, type NotificationKind, type PreferencesWire } from '../../shared/api/notifications';
import type { Db } from '../db/client';
import { notificationPreferences } from '../db/schema';

/** Every kind arrives by e-mail unless the user turns it off. */
const emailByDefault = true;

/** The user's preferences with defaults filled in for kinds they never chose. */
export async function preferencesOf(db: Db, userId: string): Promise<PreferencesWire> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const email = Object.fromEntries(notificationKinds.map((k) => [k, row?.email[k] ?? emailByDefault])) as Record<NotificationKind, boolean>;
  return { email, low_balance_cents: row?.lowBalanceCents ?? defaultLowBalanceCents };
}

export async function savePreferences(db: Db, userId: string, p: PreferencesWire, at: Date): Promise<PreferencesWire> {
  const values = { email: p.email, lowBalanceCents: p.low_balance_cents, updatedAt: at };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return preferencesOf(db, userId);
}

export async function wantsEmail(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  return (await preferencesOf(db, userId)).email[kind];
}
