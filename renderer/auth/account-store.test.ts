import { afterEach, describe, expect, it, vi } from 'vitest';

const teamId = '11111111-2222-4333-8444-555555555555';
const otherTeam = '99999999-2222-4333-8444-555555555555';

/** A tab at `href` with this sessionStorage; the store module is loaded fresh in it. */
async function openTab(href: string, stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const sessionStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
  const location = new URL(href);
  const history = { state: null, replaceState: vi.fn((_s: unknown, _t: string, url: string) => Object.assign(location, { href: new URL(url, location).href })) };
  vi.stubGlobal('window', { location, history, sessionStorage });
  vi.resetModules();
  const store = await import('./account-store');
  return { ...store, items, history, location };
}

afterEach(() => vi.unstubAllGlobals());

describe('the account this tab acts in', () => {
  it('starts in the personal account', async () => {
    const { useAccountStore } = await openTab('https://lp.test/deployments');
    expect(useAccountStore.getState().teamId).toBeUndefined();
  });

  it('opens in the team ?account= names, remembers it for the tab and takes it out of the address', async () => {
    const { useAccountStore, items, location } = await openTab(`https://lp.test/deployments?account=${teamId}&x=1#top`);
    expect(useAccountStore.getState().teamId).toBe(teamId);
    expect([...items.values()]).toEqual([teamId]);
    expect(location.href).toBe('https://lp.test/deployments?x=1#top');
  });

  it('prefers the address over what the tab chose before', async () => {
    const { useAccountStore } = await openTab(`https://lp.test/home?account=${teamId}`, { 'launchpad.account': otherTeam });
    expect(useAccountStore.getState().teamId).toBe(teamId);
  });

  it('keeps what the tab chose across a reload', async () => {
    const { useAccountStore } = await openTab('https://lp.test/home', { 'launchpad.account': otherTeam });
    expect(useAccountStore.getState().teamId).toBe(otherTeam);
  });

  it('ignores an account parameter that is no id', async () => {
    const { useAccountStore } = await openTab('https://lp.test/home?account=<script>');
    expect(useAccountStore.getState().teamId).toBeUndefined();
  });

  it('switches and forgets', async () => {
    const { useAccountStore, switchAccount, items } = await openTab('https://lp.test/home');
    switchAccount(teamId);
    expect(useAccountStore.getState().teamId).toBe(teamId);
    expect(items.get('launchpad.account')).toBe(teamId);
    switchAccount(undefined);
    expect(useAccountStore.getState().teamId).toBeUndefined();
    expect(items.size).toBe(0);
  });
});
