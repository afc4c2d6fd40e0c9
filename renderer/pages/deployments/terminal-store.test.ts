import { beforeEach, describe, expect, it } from 'vitest';
import { switchAccount } from '../../auth/account-store';
import { closeTerminal, openTerminal, selectTerminal, useTerminalStore } from './terminal-store';

describe('open terminals', () => {
  beforeEach(() => useTerminalStore.setState({ open: {} }));

  it('keeps one panel per deployment and remembers how it was opened', () => {
    openTerminal('a', true);
    openTerminal('b', false);
    openTerminal('a', false);
    const state = useTerminalStore.getState();
    expect(selectTerminal('a')(state)).toEqual({ autoOpened: false });
    expect(selectTerminal('b')(state)).toEqual({ autoOpened: false });
    closeTerminal('a');
    expect(selectTerminal('a')(useTerminalStore.getState())).toBeUndefined();
    expect(Object.keys(useTerminalStore.getState().open)).toEqual(['b']);
  });

  it('closing a closed terminal changes nothing', () => {
    const before = useTerminalStore.getState();
    closeTerminal('x');
    expect(useTerminalStore.getState()).toBe(before);
  });

  it('switching accounts closes every panel (they belong to the account they were opened in)', () => {
    openTerminal('a', false);
    switchAccount('00000000-0000-4000-8000-000000000001');
    expect(useTerminalStore.getState().open).toEqual({});
    openTerminal('b', false);
    switchAccount('00000000-0000-4000-8000-000000000001');
    expect(Object.keys(useTerminalStore.getState().open)).toEqual(['b']);
    switchAccount(undefined);
    expect(useTerminalStore.getState().open).toEqual({});
  });
});
