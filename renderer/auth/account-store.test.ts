import { afterEach, describe, expect, it, vi } from 'vitest';

const teamId = '11111111-2222-4333-8444-555555555555';
const otherTeam = '99999999-2222-4333-8444-555555555555';

/** A tab at `href` with this sessionStorage; the store module is loaded fresh in it. */
async function openTab(href: string, stored: Record<string, string> = {}, chosenLast: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const lastItems = new Map(Object.entries(chosenLast));
  const storageOf = (m: Map<string, string>) => ({ getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) });
  const sessionStorage = storageOf(items);
  const localStorage = storageOf(lastItems);
  const location = new URL(href);
  const history = { state: null, replaceState: vi.fn((_s: unknown, _t: string, url: string) => Object.assign(location, { href: new URL(url, location).href })) };
  vi.stubGlobal('window', { location, history, sessionStorage, localStorage });
  vi.resetModules();
  const store = await import('./account-store');
  return { ...store, items, lastItems, history, location };
}

afterEach(() => vi.unstubAllGlobals());

describe('the account this tab acts in', () => {
  it('starts in the personal account', async () => {
    const { useAccountStore } = await openTab('https://lp.test/deployments');
    expect(useAccountStore.getState().teamId).toBeUndefined();
  });

  it('opens in the team ?account= names and remembers it for the tab; the address keeps it (a shareable link)', async () => {
    const { useAccountStore, items, location } = await openTab(`https://lp.test/deployments?account=${teamId}&x=1#top`);
    expect(useAccountStore.getState().teamId).toBe(teamId);
    expect([...items.values()]).toEqual([teamId]);
    expect(location.href).toBe(`https://lp.test/deployments?account=${teamId}&x=1#top`);
  });

  it('a new tab starts in the account chosen last in any tab; ?account=personal overrides it', async () => {
    const fresh = await openTab('https://lp.test/balance', {}, { 'launchpad.account': teamId });
    expect(fresh.useAccountStore.getState().teamId).toBe(teamId);
    const own = await openTab('https://lp.test/balance?account=personal', {}, { 'launchpad.account': teamId });
    expect(own.useAccountStore.getState().teamId).toBeUndefined();
  });

  it('a payment on screen holds the account: switching waits until it is gone', async () => {
    const { useAccountStore, switchAccount } = await openTab('https://lp.test/licenses', { 'launchpad.account': teamId });
    useAccountStore.setState({ holds: 1 });
    expect(switchAccount(undefined)).toBe(false);
    expect(useAccountStore.getState().teamId).toBe(teamId);
    useAccountStore.setState({ holds: 0 });
    expect(switchAccount(undefined)).toBe(true);
    expect(useAccountStore.getState().teamId).toBeUndefined();
  });

  it('prefers the address over what the tab chose before', async () => {
    const { useAccountStore } = await openTab(`https://lp.test/home?account=${teamId}`, { 'launchpad.account': otherTeam });
    expect(useAccountStore.getState().teamId).toBe(teamId);
  });

  it('keeps what the tab chose across a reload', async () => {
    const { useAccountStore } = await openTab('https://lp.test/home', { 'launchpad.account': otherTeam });
    expect(useAccountStore.getState().teamId).toBe(otherTeam);
  });

  it("on an administrator's list ?account= is the list's filter: the tab stays in its account", async () => {
    const { useAccountStore } = await openTab(`https://lp.test/dashboard?account=${teamId}`, { 'launchpad.account': otherTeam });
    expect(useAccountStore.getState().teamId).toBe(otherTeam);
  });

  it('reads the address from the hash on the desktop (hash routing)', async () => {
    const { useAccountStore } = await openTab(`app://launchpad/index.html#/deployments?account=${teamId}`);
    expect(useAccountStore.getState().teamId).toBe(teamId);
  });

  it('ignores an account parameter that is no id', async () => {
    const { useAccountStore } = await openTab('https://lp.test/home?account=<script>');
    expect(useAccountStore.getState().teamId).toBeUndefined();
  });

  it('switches, for this tab and as the account chosen last', async () => {
    const { useAccountStore, switchAccount, items, lastItems } = await openTab('https://lp.test/home');
    switchAccount(teamId);
    expect(useAccountStore.getState().teamId).toBe(teamId);
    expect(items.get('launchpad.account')).toBe(teamId);
    expect(lastItems.get('launchpad.account')).toBe(teamId);
    switchAccount(undefined);
    expect(useAccountStore.getState().teamId).toBeUndefined();
    expect(items.get('launchpad.account')).toBe('personal');
    expect(lastItems.get('launchpad.account')).toBe('personal');
  });
});
