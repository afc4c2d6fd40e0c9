import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { adminAlertDeliveries, adminAlertHistory } from '../db/schema';
import type { HistoryRow } from './alert-history';
import { signatureHeader, signPayload } from './webhook-signature';

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  webhook: { url: string; secret: string };
  publicUrl: string;
  /** how long one attempt may take */
  timeoutMs?: number;
}

/** Waits after the 1st, 2nd, … failed attempt; after the last one the alert is marked failed. */
export const retryDelaysMs = [10_000, 30_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000] as const;
export const maxAttempts = retryDelaysMs.length + 1;
/** An attempt holds its alert this long: an instance that died mid-send gives it back after it. */
const claimMs = 2 * 60_000;
const batch = 20;

/** The JSON a receiver gets: Slack's `text` (chat tools show it as is) and the alert's fields. */
export function webhookBody(row: HistoryRow, publicUrl: string): string {
  const url = row.link ? `${publicUrl.replace(/\/+$/, '')}${row.link}` : null;
  const text = [`${row.test ? '[Test] ' : ''}${row.title}`, row.body, url].filter(Boolean).join('\n');
  return JSON.stringify({
    text,
    alert: {
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      url,
      test: row.test,
      state: row.condition ? (row.clearedAt ? 'cleared' : 'open') : 'event',
      created_at: row.createdAt.toISOString(),
    },
  });
}

async function attempt(deps: WebhookDeps, row: HistoryRow): Promise<{ statusCode: number | null; error: string | null }> {
  const body = webhookBody(row, deps.publicUrl);
  try {
    const res = await fetch(deps.webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [signatureHeader]: signPayload(deps.webhook.secret, body, deps.clock.now()),
        // the same alert keeps its id across retries, so a receiver can drop a repeat
        'X-Launchpad-Delivery': row.id,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    return { statusCode: res.status, error: res.ok ? null : `The receiver answered ${res.status}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { statusCode: null, error: `No answer: ${reason}`.slice(0, 500) };
  }
}

/**
 * Delivers the alerts whose webhook attempt is due. Each is claimed by one update (its next attempt
 * moved past the claim), so two instances never send the same attempt; a failed attempt is logged
 * and retried after the next delay, up to `maxAttempts`.
 */
export async function deliverAlertWebhooks(deps: WebhookDeps): Promise<{ delivered: number; failed: number }> {
  const now = deps.clock.now();
  const result = { delivered: 0, failed: 0 };
  const due = await deps.db
    .select({ id: adminAlertHistory.id })
    .from(adminAlertHistory)
    .where(and(eq(adminAlertHistory.webhookStatus, 'pending'), lte(adminAlertHistory.webhookNextAt, now)))
    .orderBy(asc(adminAlertHistory.webhookNextAt))
    .limit(batch);
  for (const { id } of due) {
    const [row] = await deps.db
      .update(adminAlertHistory)
      .set({ webhookNextAt: new Date(now.getTime() + claimMs), webhookAttempts: sql`${adminAlertHistory.webhookAttempts} + 1` })
      .where(and(eq(adminAlertHistory.id, id), eq(adminAlertHistory.webhookStatus, 'pending'), lte(adminAlertHistory.webhookNextAt, now)))
      .returning();
    if (!row) continue;
    const started = performance.now();
    const { statusCode, error } = await attempt(deps, row);
    const at = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await tx.insert(adminAlertDeliveries).values({ alertId: id, attempt: row.webhookAttempts, at, statusCode, error, durationMs: Math.round(performance.now() - started) });
      if (!error) {
        await tx.update(adminAlertHistory).set({ webhookStatus: 'delivered', webhookNextAt: null, webhookDeliveredAt: at }).where(eq(adminAlertHistory.id, id));
        return;
      }
      const delay = retryDelaysMs[row.webhookAttempts - 1];
      await tx
        .update(adminAlertHistory)
        .set(delay === undefined ? { webhookStatus: 'failed', webhookNextAt: null } : { webhookNextAt: new Date(at.getTime() + delay) })
        .where(eq(adminAlertHistory.id, id));
    });
    if (error) {
      deps.logger.warn({ alertId: id, attempt: row.webhookAttempts, error }, 'delivering an alert to the webhook failed');
      result.failed++;
    } else result.delivered++;
  }
  return result;
}
