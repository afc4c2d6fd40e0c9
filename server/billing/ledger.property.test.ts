/**
 * Property-based tests of the ledger: for random sequences of credits, debits (covered or not)
 * and repeated idempotency keys across a few users, the stored balances always equal the sum of
 * the ledger, a covered debit never takes a balance below zero, each key is applied once and every
 * entry's `balance_after_cents` follows from the one before it.
 *
 * One in-memory database serves all runs; each run uses its own users and key prefix, so runs
 * cannot see each other (a fresh database per run would cost a migration each time).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestPglite } from '../../test/support/test-pglite';
import { balances, ledgerEntries, users } from '../db/schema';
import { InsufficientFundsError, record, recordMany, type LedgerRow, type Outcome } from './ledger';

interface Op {
  user: number;
  /** credits positive, debits negative; never zero */
  amount: number;
  /** debits only */
  mustCover: boolean;
  /** index into a small pool, so keys repeat */
  key: number;
}

const userCount = 3;
const op: fc.Arbitrary<Op> = fc.record({
  user: fc.nat({ max: userCount - 1 }),
  amount: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -5000, max: -1 })),
  mustCover: fc.boolean(),
  key: fc.nat({ max: 11 }),
});

let database: Database;
beforeAll(async () => {
  database = await openTestPglite();
});
afterAll(async () => database?.close());

async function freshUsers(): Promise<string[]> {
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: userCount }, (_, i) => ({ issuer: 'property-test', subject: randomUUID(), email: `p${i}@example.test` })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** One movement as the service layer would send it; `cover`/`loose` in the description says how it was asked for. */
function movement(o: Op, userIds: string[], prefix: string, at: Date) {
  const userId = userIds[o.user];
  if (!userId) throw new Error('no such user');
  return {
    accountId: userId,
    amountCents: o.amount,
    kind: o.amount > 0 ? ('topup' as const) : ('usage' as const),
    idempotencyKey: `${prefix}:${o.key}`,
    description: o.amount < 0 && o.mustCover ? 'cover' : 'loose',
    mustCover: o.mustCover,
    at,
  };
}

/** Walks each user's entries from zero: every entry must start where another ended (order-free, so concurrent writes are fine). */
function chainHolds(entries: LedgerRow[]): boolean {
  const remaining = [...entries];
  const walk = (current: number): boolean => {
    if (remaining.length === 0) return true;
    for (let i = 0; i < remaining.length; i++) {
      const e = remaining[i];
      if (!e || e.balanceAfterCents - e.amountCents !== current) continue;
      remaining.splice(i, 1);
      if (walk(e.balanceAfterCents)) return true;
      remaining.splice(i, 0, e);
    }
    return false;
  };
  return walk(0);
}

async function checkInvariants(userIds: string[], prefix: string) {
  const entries = await database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.userId, userIds));
  const stored = await database.db.select().from(balances).where(inArray(balances.userId, userIds));
  for (const userId of userIds) {
    const mine = entries.filter((e) => e.userId === userId);
    const sum = mine.reduce((s, e) => s + e.amountCents, 0);
    expect(stored.find((b) => b.userId === userId)?.balanceCents ?? 0).toBe(sum);
    expect(chainHolds(mine)).toBe(true);
  }
  for (const e of entries) {
    expect(e.idempotencyKey.startsWith(`${prefix}:`)).toBe(true);
    if (e.description === 'cover') expect(e.balanceAfterCents).toBeGreaterThanOrEqual(0);
  }
  const keys = entries.map((e) => e.idempotencyKey);
  expect(new Set(keys).size).toBe(keys.length);
  return entries;
}

describe('ledger properties', () => {
  it('matches a model for sequential operations: balance = sum of ledger, keys once, covered debits never below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const userIds = await freshUsers();
        const prefix = randomUUID();
        const model = { balance: new Array<number>(userCount).fill(0), keys: new Set<number>() };
        const start = Date.now();
        for (const [i, o] of ops.entries()) {
          const attempt = record(database.db, movement(o, userIds, prefix, new Date(start + i)));
          const before = model.balance[o.user] ?? 0;
          if (model.keys.has(o.key)) {
            expect((await attempt).applied).toBe(false);
          } else if (o.amount < 0 && o.mustCover && before + o.amount < 0) {
            // refused, and the key stays unused: the transaction rolled back
            await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
          } else {
            const { applied, entry } = await attempt;
            expect(applied).toBe(true);
            expect(entry.balanceAfterCents).toBe(before + o.amount);
            model.keys.add(o.key);
            model.balance[o.user] = before + o.amount;
          }
        }
        const entries = await checkInvariants(userIds, prefix);
        expect(entries).toHaveLength(model.keys.size);
        for (const [i, userId] of userIds.entries()) {
          const [row] = await database.db.select().from(balances).where(eq(balances.userId, userId));
          expect(row?.balanceCents ?? 0).toBe(model.balance[i]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps the invariants when batches of operations race', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (batches) => {
        const userIds = await freshUsers();
        const prefix = randomUUID();
        const appliedPerKey = new Map<string, number>();
        for (const batch of batches) {
          const results = await Promise.allSettled(batch.map((o) => record(database.db, movement(o, userIds, prefix, new Date()))));
          for (const [i, r] of results.entries()) {
            const key = `${prefix}:${batch[i]?.key}`;
            if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
            else if (r.value.applied) appliedPerKey.set(key, (appliedPerKey.get(key) ?? 0) + 1);
          }
        }
        const entries = await checkInvariants(userIds, prefix);
        expect([...appliedPerKey.values()].every((n) => n === 1)).toBe(true);
        expect(new Set(entries.map((e) => e.idempotencyKey))).toEqual(new Set(appliedPerKey.keys()));
      }),
      { numRuns: 25 },
    );
  });

  it('applies a batch exactly as the same movements one by one, skipping the rest of a group after a refusal', async () => {
    const batchOp = fc.record({ op, group: fc.option(fc.nat({ max: 3 }), { nil: undefined }) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ user: fc.nat({ max: userCount - 1 }), items: fc.array(batchOp, { minLength: 1, maxLength: 12 }) }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const userIds = await freshUsers();
        const prefix = randomUUID();
        const model = { balance: new Array<number>(userCount).fill(0), keys: new Set<number>() };
        for (const { user, items } of batches) {
          const userId = userIds[user] ?? '';
          const outcomes = await recordMany(
            database.db,
            userId,
            items.map(({ op: o, group }) => {
              const { accountId: _ignored, ...m } = movement({ ...o, user }, userIds, prefix, new Date());
              return { ...m, group: group === undefined ? undefined : `g${group}` };
            }),
          );
          const refused = new Set<number>();
          const expected: Outcome['status'][] = items.map(({ op: o, group }) => {
            if (group !== undefined && refused.has(group)) return 'skipped';
            if (model.keys.has(o.key)) return 'existing';
            const before = model.balance[user] ?? 0;
            if (o.amount < 0 && o.mustCover && before + o.amount < 0) {
              if (group !== undefined) refused.add(group);
              return 'refused';
            }
            model.keys.add(o.key);
            model.balance[user] = before + o.amount;
            return 'applied';
          });
          expect(outcomes.map((x) => x.status)).toEqual(expected);
        }
        const entries = await checkInvariants(userIds, prefix);
        expect(entries).toHaveLength(model.keys.size);
        for (const [i, userId] of userIds.entries()) {
          expect(entries.filter((e) => e.userId === userId).reduce((n, e) => n + e.amountCents, 0)).toBe(model.balance[i]);
        }
      }),
      { numRuns: 30 },
    );
  });
});
