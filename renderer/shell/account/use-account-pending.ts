import { useAccountStore } from '../../auth/account-store';
import { selectSignedIn, useAuthStore } from '../../auth/store';
import { useMe } from '../../queries/auth';

/**
 * Whether a signed-in team tab is still asking for the person's accounts (the team's name and their
 * role in it): app pages wait for the answer (PageOutlet), so no screen offers for a moment an action
 * the role may not take. Not when the accounts could not be loaded: the page shows, and the server
 * decides each action.
 */
export function useAccountPending(): boolean {
  const teamId = useAccountStore((s) => s.teamId);
  const signedIn = useAuthStore(selectSignedIn);
  const asking = signedIn && teamId !== undefined;
  const me = useMe(asking);
  return asking && me.isPending;
}
