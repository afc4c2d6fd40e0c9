import { create } from 'zustand';
import { accountQueryParam } from '../../shared/api/teams';
import { setAccountSource } from '../api/client';

/**
 * The account this tab acts in (issue 34): a team's id, or undefined for the person's own account.
 * Kept per tab in sessionStorage, so two tabs can work in two accounts; an address with
 * `?account=<id>` opens in that account (the parameter is then taken out of the address).
 */
export interface AccountState {
  /** the team acted in; undefined: the personal account */
  teamId: string | undefined;
  /** bumped when the server refused a request made in the team (403): the header checks the membership again */
  refusals: number;
}

const storageKey = 'launchpad.account';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The account named by the address, else the one this tab last chose. */
function initialTeamId(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(accountQueryParam);
  if (fromUrl !== null) {
    url.searchParams.delete(accountQueryParam);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (uuid.test(fromUrl)) {
      storage()?.setItem(storageKey, fromUrl);
      return fromUrl;
    }
  }
  const stored = storage()?.getItem(storageKey) ?? undefined;
  return stored && uuid.test(stored) ? stored : undefined;
}

export const useAccountStore = create<AccountState>(() => ({ teamId: initialTeamId(), refusals: 0 }));

/** Acts in a team (its id) or, with undefined, in the personal account; every cached answer is dropped (queries/accounts.ts). */
export function switchAccount(teamId: string | undefined): void {
  if (teamId) storage()?.setItem(storageKey, teamId);
  else storage()?.removeItem(storageKey);
  if (useAccountStore.getState().teamId !== teamId) useAccountStore.setState({ teamId });
}

export const selectTeamId = (s: AccountState) => s.teamId;

setAccountSource({
  current: () => useAccountStore.getState().teamId,
  refused: () => useAccountStore.setState((s) => ({ refusals: s.refusals + 1 })),
});
