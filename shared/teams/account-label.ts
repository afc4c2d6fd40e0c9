import type { AccountKind } from './account-kinds';
/** How every payment names the account it goes into (issue 43): "Acme (team)" or "your personal account". */
export function accountLabel(account: { kind: AccountKind; name: string } | undefined): string {
  return account?.kind === 'team' ? `${account.name} (team)` : 'your personal account';
}
