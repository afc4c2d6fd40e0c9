import type { AccountKind } from '../../shared/teams/account-kinds';
import { randomUUID } from 'node:crypto';
import { formatCents } from '../../shared/api/billing';
import { roleScopes } from '../../shared/teams/roles';
import { recordAudit, type AuditWho } from '../audit/service';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Forbidden, InvalidInput, NotFound } from '../domain-errors';
import type { AuthUser } from '../http/types';
import { membershipOf } from '../teams/membership';
import { applyForUsers, InsufficientFundsError } from './ledger';

/** How a ledger row names the other side of a move: a team by its name, a person's own account by their e-mail. */
const sideName = (a: { kind: AccountKind; name: string }) => (a.kind === 'team' ? `${a.name} (team)` : `${a.name} (personal account)`);

/** The account `accountId` when the caller may pay out of or into it: their own, or a team where their role has billing. */
async function billableAccount(db: Db, caller: AuthUser, accountId: string): Promise<{ kind: AccountKind; name: string }> {
  if (accountId === caller.id) return { kind: 'personal', name: caller.email };
  const member = await membershipOf(db, accountId, caller.id);
  if (!member) throw new NotFound('Account not found: move credit only to your own account or a team you belong to');
  if (!roleScopes[member.role].includes('billing')) throw new Forbidden(`Only the owner, admins and billing members of ${member.name} can move credit into it`);
  return { kind: 'team', name: member.name };
}

/**
 * Moves credit from the account the caller acts in to another they can bill in: one transaction
 * locks both balance rows (in id order, as every batch does, so two opposite moves cannot
 * deadlock), debits one side only if it covers the amount, credits the other and records the move
 * on both accounts' audit trails. The route's rule (billing scope) already checked the source.
 */
export async function moveCredit(deps: { db: Db; clock: Clock }, caller: AuthUser, who: AuditWho, toAccountId: string, amountCents: number) {
  if (caller.via === 'api-key') throw new Forbidden('API keys cannot move credit: sign in to move it');
  const from = caller.account;
  if (toAccountId === from.id) throw new InvalidInput('Choose another account to move the credit to');
  const to = await billableAccount(deps.db, caller, toAccountId);
  const at = deps.clock.now();
  const id = randomUUID();
  const fromName = sideName(from.kind === 'team' ? from : { kind: 'personal', name: caller.email });
  return deps.db.transaction(async (tx) => {
    const [out, into] = await applyForUsers(tx, [
      { userId: from.id, movements: [{ amountCents: -amountCents, kind: 'transfer', idempotencyKey: `move:${id}:out`, reference: id, description: `Moved to ${sideName(to)}`, at, mustCover: true }] },
      { userId: toAccountId, movements: [{ amountCents, kind: 'transfer', idempotencyKey: `move:${id}:in`, reference: id, description: `Moved from ${fromName}`, at }] },
    ]);
    const debit = out?.[0];
    // throwing rolls the credit back with it
    if (debit?.status === 'refused') throw new InsufficientFundsError(debit.balanceCents, amountCents);
    const credit = into?.[0];
    if (debit?.status !== 'applied' || credit?.status !== 'applied') throw new Error('a move applies both sides');
    const details = { from_account: from.id, to_account: toAccountId, amount_cents: amountCents, amount: formatCents(amountCents) };
    for (const subject of [from.id, toAccountId]) await recordAudit(tx, { ...who, action: 'balance.moved', target: { type: 'account', id: toAccountId }, subjectUserId: subject, details, at });
    return { balance_cents: debit.entry.balanceAfterCents, to_balance_cents: credit.entry.balanceAfterCents };
  });
}
