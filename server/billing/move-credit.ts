import type { AccountKind } from '../../shared/teams/account-kinds';
import { randomUUID } from 'node:crypto';
import { formatCents } from '../../shared/api/billing';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { teams } from '../db/schema';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { asMember, assertAllowed } from '../auth/policy';
import type { AuthUser } from '../http/types';
import { membershipOf } from '../teams/membership';
import { applyForAccounts, InsufficientFundsError } from './ledger';

/** One side of a move: a team by its name, a person's own account by their e-mail. */
export interface MoveSide {
  id: string;
  kind: AccountKind;
  name: string;
}

/** How a ledger row names the other side of a move. */
const sideName = (a: Pick<MoveSide, 'kind' | 'name'>) => (a.kind === 'team' ? `${a.name} (team)` : `${a.name} (personal account)`);

/** The account `accountId` when the person may pay out of or into it: their own, or a team where their role has billing. */
export async function billableAccount(db: Db, person: { id: string; email: string }, accountId: string): Promise<MoveSide> {
  if (accountId === person.id) return { id: person.id, kind: 'personal', name: person.email };
  const member = await membershipOf(db, accountId, person.id);
  if (!member) throw new NotFound('Account not found: move credit only to your own account or a team you belong to');
  assertAllowed(asMember(accountId, member.role, member.name), { do: 'move-credit-into' });
  return { id: accountId, kind: 'team', name: member.name };
}

/**
 * Moves `amountCents` from one account to another inside the caller's transaction: both balance
 * rows locked in id order (as every batch does, so two opposite moves cannot deadlock), the debit
 * only if it covers the amount, a 'transfer' ledger row on each side and a balance.moved audit
 * event on each account. Throwing rolls everything back.
 */
export async function moveWithin(tx: Db, move: { from: MoveSide; to: MoveSide; amountCents: number; who: AuditWho; at: Date }) {
  const { from, to, amountCents, who, at } = move;
  const id = randomUUID();
  const [out, into] = await applyForAccounts(tx, [
    { accountId: from.id, movements: [{ amountCents: -amountCents, kind: 'transfer', idempotencyKey: `move:${id}:out`, reference: id, description: `Moved to ${sideName(to)}`, at, mustCover: true }] },
    { accountId: to.id, movements: [{ amountCents, kind: 'transfer', idempotencyKey: `move:${id}:in`, reference: id, description: `Moved from ${sideName(from)}`, at }] },
  ]);
  // Both balances are locked now; a team deleted meanwhile (its deletion holds the same lock) takes no credit and gives none.
  const gone = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(and(inArray(teams.accountId, [from.id, to.id]), isNotNull(teams.deletedAt)));
  if (gone[0]) throw new Conflict(`${gone[0].name} was deleted: its credit can no longer move`);
  const debit = out?.[0];
  if (debit?.status === 'refused') throw new InsufficientFundsError(debit.balanceCents, amountCents);
  const credit = into?.[0];
  if (debit?.status !== 'applied' || credit?.status !== 'applied') throw new Error('a move applies both sides');
  const details = { from_account: from.id, to_account: to.id, amount_cents: amountCents, amount: formatCents(amountCents) };
  for (const subject of [from.id, to.id]) await recordAudit(tx, { ...who, action: 'balance.moved', target: { type: 'account', id: to.id }, subjectUserId: subject, details, at });
  return { balance_cents: debit.entry.balanceAfterCents, to_balance_cents: credit.entry.balanceAfterCents };
}

/**
 * Moves credit from the account the caller acts in to another they can bill in, in one
 * transaction. The route's rule (billing scope) already checked the source.
 */
export async function moveCredit(deps: { db: Db; clock: Clock }, caller: AuthUser, who: AuditWho, toAccountId: string, amountCents: number) {
  assertAllowed(caller, { do: 'move-credit' });
  const from: MoveSide = caller.account.kind === 'team' ? { id: caller.account.id, kind: 'team', name: caller.account.name } : { id: caller.account.id, kind: 'personal', name: caller.email };
  if (toAccountId === from.id) throw new InvalidInput('Choose another account to move the credit to');
  const to = await billableAccount(deps.db, caller, toAccountId);
  const at = deps.clock.now();
  return deps.db.transaction((tx) => moveWithin(tx, { from, to, amountCents, who, at }));
}
