import { useEffect } from 'react';
import { create } from 'zustand';
import { accountQueryParam } from '../../shared/api/teams';
import { setAccountSource } from '../api/client';
import { addressInBrowser } from '../routes/browser-address';
import { matchPath } from '../routes/path';
import { routes } from '../routes/table';

/**
 * The account this tab acts in (issue 34): a team's id, or undefined for the person's own account.
 * Kept per tab in sessionStorage, so two tabs can work in two accounts; a new tab starts in the
 * account chosen last (localStorage); an address with `?account=<id>` opens in that account.
 */
export interface AccountState {
  /** the team acted in; undefined: the personal account */
  teamId: string | undefined;
  /** bumped when the server refused a request made in the team (403): the header checks the membership again */
  refusals: number;
  /** payments on screen (a pay dialog, a checkout being opened): while any is, the account cannot be switched */
  holds: number;
  /** the role the server last named for this tab's team (X-Account-Role): when it differs from the known one, the header asks again */
  answeredRole: string | undefined;
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

/** The account chosen last in any tab: where a new tab starts (issue 43: a new tab in the personal account paid the team's money into it). */
function lastChosen(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
/** what the storage and the address hold for the personal account */
export const personal = 'personal';

/** The account named by the address (`?account=<id>`, or `personal`), else the one this tab chose, else the one chosen last. */
function initialTeamId(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const address = addressInBrowser();
  const query = address.indexOf('?');
  // An administrator's lists use `?account=` as their filter (whose rows), not as the account the tab acts in.
  const adminList = routes[matchPath(query === -1 ? address : address.slice(0, query)).name].auth === 'admin';
  const fromUrl = adminList || query === -1 ? null : new URLSearchParams(address.slice(query)).get(accountQueryParam);
  if (fromUrl !== null && (fromUrl === personal || uuid.test(fromUrl))) {
    storage()?.setItem(storageKey, fromUrl);
    return fromUrl === personal ? undefined : fromUrl;
  }
  const stored = storage()?.getItem(storageKey) ?? lastChosen()?.getItem(storageKey) ?? undefined;
  return stored && uuid.test(stored) ? stored : undefined;
}

export const useAccountStore = create<AccountState>(() => ({ teamId: initialTeamId(), refusals: 0, holds: 0, answeredRole: undefined }));

/**
 * Acts in a team (its id) or, with undefined, in the personal account; every cached answer is
 * dropped (queries/accounts.ts). Refused (false) while a payment is on screen, unless `force`d
 * (the membership ended: the tab cannot stay).
 */
export function switchAccount(teamId: string | undefined, force = false): boolean {
  const state = useAccountStore.getState();
  if (state.teamId === teamId) return true;
  if (state.holds > 0 && !force) return false;
  storage()?.setItem(storageKey, teamId ?? personal);
  lastChosen()?.setItem(storageKey, teamId ?? personal);
  useAccountStore.setState({ teamId, answeredRole: undefined });
  return true;
}

/** Keeps the tab in its account while the calling component (a payment on screen) is mounted and `active`. */
export function useHoldAccount(active = true): void {
  useEffect(() => {
    if (!active) return;
    useAccountStore.setState((s) => ({ holds: s.holds + 1 }));
    return () => useAccountStore.setState((s) => ({ holds: s.holds - 1 }));
  }, [active]);
}

export const selectTeamId = (s: AccountState) => s.teamId;

setAccountSource({
  current: () => useAccountStore.getState().teamId,
  refused: () => useAccountStore.setState((s) => ({ refusals: s.refusals + 1 })),
  answeredAs: (role) => {
    if (useAccountStore.getState().answeredRole !== role) useAccountStore.setState({ answeredRole: role });
  },
});
