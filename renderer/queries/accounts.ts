import type { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from '../auth/account-store';

/**
 * Issue 34: every answer in the cache belongs to the account it was asked in (balance, lists,
 * notices), so a switch drops them all and the screens on show ask again in the new account.
 * Returns the unsubscribe.
 */
export function resetOnAccountChange(client: QueryClient): () => void {
  return useAccountStore.subscribe((s, prev) => {
    if (s.teamId !== prev.teamId) void client.resetQueries();
  });
}
