import { create } from 'zustand';
import { useAccountStore } from '../../auth/account-store';

export interface OpenTerminal {
  /** opened by the page after a create (closes itself once the install finished), not by the user */
  autoOpened: boolean;
}

interface TerminalState {
  open: Record<string, OpenTerminal>;
}

/** Which deployments have a terminal panel open: one panel per deployment. */
export const useTerminalStore = create<TerminalState>()(() => ({ open: {} }));

// A panel belongs to the account it was opened in: switching accounts closes them all, so going
// back to that account later does not open its terminals again by itself.
useAccountStore.subscribe((s, prev) => {
  if (s.teamId !== prev.teamId) useTerminalStore.setState({ open: {} });
});

export const selectTerminal = (id: string) => (s: TerminalState) => s.open[id];

export function openTerminal(id: string, autoOpened: boolean): void {
  useTerminalStore.setState((s) => ({ open: { ...s.open, [id]: { autoOpened } } }));
}

export function closeTerminal(id: string): void {
  useTerminalStore.setState((s) => {
    if (!(id in s.open)) return s;
    const { [id]: _closed, ...rest } = s.open;
    return { open: rest };
  });
}
