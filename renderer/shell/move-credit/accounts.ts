import type { AccountSummary } from '../../../shared/api/auth';
import { roleScopes } from '../../../shared/teams/roles';

/** The accounts a person may move credit out of and into: their own, and teams where their role has billing (the server's rule). */
export const billable = (accounts: readonly AccountSummary[]) => accounts.filter((a) => roleScopes[a.role].includes('billing'));

/** How a list names an account: "Your personal account", "Acme (team)". */
export const optionLabel = (a: Pick<AccountSummary, 'kind' | 'name'>) => (a.kind === 'team' ? `${a.name} (team)` : 'Your personal account');

/** Dollars typed by a person ("12", "12.5", "$12.50") as whole cents, or undefined when it is not an amount above zero with at most two decimals. */
export function centsOf(text: string): number | undefined {
  const m = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : undefined;
}
