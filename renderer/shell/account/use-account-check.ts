import { useEffect } from 'react';
import type { AccountSummary } from '../../../shared/api/auth';
import { switchAccount, useAccountStore } from '../../auth/account-store';
import { toast } from '../toast-store';

/**
 * A tab may be in a team the person no longer belongs to (removed, the team deleted, a stale
 * `?account=`): once the accounts are known, fall back to the personal account and say so. A
 * request the server refused in the team asks for the accounts again (`refetch`).
 */
export function useAccountCheck(accounts: readonly AccountSummary[] | undefined, refetch: () => unknown): void {
  const teamId = useAccountStore((s) => s.teamId);
  const refusals = useAccountStore((s) => s.refusals);

  useEffect(() => {
    if (refusals > 0) void refetch();
  }, [refusals, refetch]);

  useEffect(() => {
    if (!accounts || !teamId || accounts.some((a) => a.id === teamId)) return;
    switchAccount(undefined);
    toast({ kind: 'warning', title: 'Back to your personal account', message: 'You are no longer a member of the team this tab was working in.', durationMs: 0 });
  }, [accounts, teamId]);
}
