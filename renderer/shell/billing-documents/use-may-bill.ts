import { roleScopes, type TeamRole } from '../../../shared/teams/roles';
import { useAccountStore } from '../../auth/account-store';
import { useMe } from '../../queries/auth';

/** The caller's role in the account the tab works in: `owner` of their personal account. */
export function useAccountRole(): TeamRole | undefined {
  const teamId = useAccountStore((s) => s.teamId);
  const me = useMe();
  if (!teamId) return 'owner';
  return me.data?.accounts.find((a) => a.id === teamId)?.role;
}

/** Whether the role sees billing documents and details: owner, admin and billing; members do not. */
export function useMayBill(): boolean {
  const role = useAccountRole();
  return role !== undefined && roleScopes[role].includes('billing');
}
