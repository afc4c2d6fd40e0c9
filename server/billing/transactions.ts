import type { Transaction, TransactionsResponse } from '../../shared/api/billing';
import { cursorSchema } from '../http/cursor';
import { parse } from '../http/validate';
import type { BillingDeps } from './service';
import { grantFreeCredit } from './service';
import { entriesPage, type LedgerRow } from './ledger';

const toWire = (e: LedgerRow): Transaction => ({
  id: e.id,
  created_at: e.createdAt.toISOString(),
  kind: e.kind as Transaction['kind'],
  description: e.description,
  amount_cents: e.amountCents,
  balance_after_cents: e.balanceAfterCents,
  reference: e.reference,
});

/** One page of a user's ledger, newest first: their own Balance page and the admin's customer page. */
export async function transactionsPage(deps: BillingDeps, accountId: string, query: { limit: number; cursor?: string | undefined }): Promise<TransactionsResponse> {
  const cursor = query.cursor ? parse(cursorSchema, query.cursor, 'cursor') : undefined;
  await grantFreeCredit(deps, accountId);
  const rows = await entriesPage(deps.db, accountId, query.limit + 1, cursor);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { transactions: page.map(toWire), next_cursor: rows.length > query.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null };
}
