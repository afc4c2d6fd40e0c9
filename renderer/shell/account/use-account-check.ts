import { useEffect } from 'react';
import type { AccountSummary } from '../../../shared/api/auth';
import { switchAccount, useAccountStore } from '../../auth/account-store';
import { toast } from '../toast-store';

/**
 * A tab may be in a team the person no longer belongs to (removed, the team deleted, a stale
 * `?account=`): once the accounts are known, fall back to the personal account and say so. A
 * request the server refused in the team, or answered naming another role, asks for the accounts
 * again (`refetch`), so a removal or a role change reaches an open tab without reload.
 */
export function useAccountCheck(accounts: readonly AccountSummary[] | undefined, refetch: () => unknown): void {
  const teamId = useAccountStore((s) => s.teamId);
  const refusals = useAccountStore((s) => s.refusals);
  const answeredRole = useAccountStore((s) => s.answeredRole);

  useEffect(() => {
    if (refusals > 0) void refetch();
  }, [refusals, refetch]);

  // The role changed (the server's answers name another one): the header and every role-aware screen follow.
  const knownRole = accounts?.find((a) => a.id === teamId)?.role;
  useEffect(() => {
    if (answeredRole && knownRole && answeredRole !== knownRole) void refetch();
  }, [answeredRole, knownRole, refetch]);

  useEffect(() => {
    if (!accounts || !teamId || accounts.some((a) => a.id === teamId)) return;
    switchAccount(undefined, true);
    toast({ kind: 'warning', title: 'Back to your personal account', message: 'You are no longer a member of the team this tab was working in.', durationMs: 0 });
  }, [accounts, teamId]);
}
