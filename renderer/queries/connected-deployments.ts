import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { type ConnectedDeployment, connectedDeploymentsContract as c, type CreateConnectedDeploymentBody } from '../../shared/api/connected-deployments';
import { selectSignedIn, useAuthStore } from '../auth/store';
import { call, callAs } from '../api/call';

/** A browser-stored entry as the one-time sync sends it. */
export interface LocalDeploymentEntry {
  id?: string;
  name: string;
  description: string;
  url: string;
  is_default: boolean;
}

/** The private (connected) deployment calls of public-site 7, each one an entry of the shared contract. */
export const connectedDeploymentsApi = {
  list: (): Promise<ConnectedDeployment[]> => call(c.list),
  create: (body: CreateConnectedDeploymentBody): Promise<ConnectedDeployment> => call(c.create, { body }),
  // The answer of a delete is not read (a 204 or a small JSON body are both fine).
  describe: (id: string, description: string): Promise<ConnectedDeployment> => call(c.update, { params: { id }, body: { description } }),
  remove: (id: string): Promise<void> => callAs(c.remove, z.unknown(), { params: { id } }).then(() => undefined),
  sync: (entries: LocalDeploymentEntry[]): Promise<ConnectedDeployment[]> => call(c.sync, { body: { local_storage_deployments: entries } }),
};

/** Browser storage key of a signed-out visitor's private deployments (public-site 7). */
export const localStorageKey = 'deployments';

/** A private deployment as lists and menus show it: from the server, or from the browser (`local-{index}`). */
export type PrivateDeployment = Pick<ConnectedDeployment, 'id' | 'name' | 'description' | 'url' | 'is_default'>;

export interface NewPrivateDeployment {
  name: string;
  description: string;
  url: string;
}

function isEntry(v: unknown): v is LocalDeploymentEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.name === 'string' && typeof e.url === 'string';
}

/** The stored list, tolerating anything a browser may hold under the key (a damaged value reads as empty). */
export function parseLocalEntries(raw: string | null): LocalDeploymentEntry[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.filter(isEntry).map((e) => ({
    name: e.name,
    description: typeof e.description === 'string' ? e.description : '',
    url: e.url,
    is_default: e.is_default === true,
  }));
}

/** Local entries get ids `local-{index}` (spec). */
export function withLocalIds(entries: LocalDeploymentEntry[]): PrivateDeployment[] {
  return entries.map((e, i) => ({ id: `local-${i}`, name: e.name, description: e.description, url: e.url, is_default: e.is_default }));
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser's privacy settings
  }
}

function readStored(): LocalDeploymentEntry[] {
  return parseLocalEntries(storage()?.getItem(localStorageKey) ?? null);
}

function writeStored(entries: LocalDeploymentEntry[]): void {
  const s = storage();
  try {
    if (entries.length === 0) s?.removeItem(localStorageKey);
    else s?.setItem(localStorageKey, JSON.stringify(entries));
  } catch (err) {
    console.error('Saving private deployments in the browser failed', err);
  }
}

interface LocalState {
  entries: LocalDeploymentEntry[];
}

/**
 * The browser-stored list, mirrored in memory so every component sees one state. It starts empty
 * and reads the browser right after: a page the server rendered hydrates from the store's initial
 * state (the server knows no browser's list), then shows the stored entries.
 */
export const useLocalDeployments = create<LocalState>(() => ({ entries: [] }));
useLocalDeployments.setState({ entries: readStored() });

function setLocal(entries: LocalDeploymentEntry[]): void {
  writeStored(entries);
  useLocalDeployments.setState({ entries });
}

export function addLocalDeployment(entry: NewPrivateDeployment): void {
  setLocal([...useLocalDeployments.getState().entries, { ...entry, is_default: false }]);
}

const localIndex = (id: string) => Number(/^local-(\d+)$/.exec(id)?.[1] ?? -1);

export function describeLocalDeployment(id: string, description: string): void {
  const index = localIndex(id);
  setLocal(useLocalDeployments.getState().entries.map((e, i) => (i === index ? { ...e, description } : e)));
}

export function removeLocalDeployment(id: string): void {
  const index = Number(/^local-(\d+)$/.exec(id)?.[1] ?? -1);
  setLocal(useLocalDeployments.getState().entries.filter((_, i) => i !== index));
}

export const connectedKeys = { list: ['connected-deployments'] as const };

/**
 * The signed-in list. The first fetch after sign-in sends the browser-stored entries to the server
 * once (the answer is the merged list) and clears them locally; if the sync fails they stay in the
 * browser so the next visit tries again. Errors are logged only: a failed list is an empty list.
 */
async function fetchServerList(): Promise<PrivateDeployment[]> {
  const local = useLocalDeployments.getState().entries;
  if (local.length > 0) {
    try {
      const merged = await connectedDeploymentsApi.sync(local);
      setLocal([]);
      return merged;
    } catch (err) {
      console.error('Syncing browser-stored deployments failed', err);
    }
  }
  try {
    return await connectedDeploymentsApi.list();
  } catch (err) {
    console.error('Listing private deployments failed', err);
    return [];
  }
}

/** The user's private deployments: the server's list when signed in, the browser's otherwise. */
export function usePrivateDeployments(): { deployments: PrivateDeployment[]; isLoading: boolean } {
  const signedIn = useAuthStore(selectSignedIn);
  const local = useLocalDeployments((s) => s.entries);
  const query = useQuery({ queryKey: connectedKeys.list, queryFn: fetchServerList, enabled: signedIn });
  if (!signedIn) return { deployments: withLocalIds(local), isLoading: false };
  return { deployments: query.data ?? [], isLoading: query.isPending };
}

/** Add a private deployment: to the server when signed in, to the browser otherwise. Rejects on a server error. */
export function useAddPrivateDeployment() {
  const signedIn = useAuthStore(selectSignedIn);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entry: NewPrivateDeployment): Promise<void> => {
      if (!signedIn) {
        addLocalDeployment(entry);
        return;
      }
      await connectedDeploymentsApi.create({ ...entry, is_default: false });
    },
    onError: (err) => console.error('Adding a private deployment failed', err),
    onSettled: () => (signedIn ? client.invalidateQueries({ queryKey: connectedKeys.list }) : undefined),
  });
}

/** Signed in: add an installation found for the user (the gallery's detected address, a Docker custom domain) and refresh the list; rejects on a server error. */
export function useRegisterPrivateDeployment(): (entry: CreateConnectedDeploymentBody) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (entry) => {
      await connectedDeploymentsApi.create(entry);
      await client.invalidateQueries({ queryKey: connectedKeys.list });
    },
    [client],
  );
}

/** Remove a reference; a failure is logged only (the confirm dialog closes either way). */
export function useRemovePrivateDeployment() {
  const signedIn = useAuthStore(selectSignedIn);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      if (!signedIn || id.startsWith('local-')) {
        removeLocalDeployment(id);
        return;
      }
      await connectedDeploymentsApi.remove(id);
      client.setQueryData<PrivateDeployment[]>(connectedKeys.list, (old) => old?.filter((d) => d.id !== id));
    },
    onError: (err) => console.error('Removing a private deployment failed', err),
    onSettled: () => (signedIn ? client.invalidateQueries({ queryKey: connectedKeys.list }) : undefined),
  });
}

/** Change a private deployment's description: on the server when signed in, in the browser otherwise. Rejects on a server error. */
export function useDescribePrivateDeployment() {
  const signedIn = useAuthStore(selectSignedIn);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, description }: { id: string; description: string }): Promise<void> => {
      if (!signedIn || id.startsWith('local-')) {
        describeLocalDeployment(id, description.trim());
        return;
      }
      const changed = await connectedDeploymentsApi.describe(id, description);
      client.setQueryData<PrivateDeployment[]>(connectedKeys.list, (old) => old?.map((d) => (d.id === id ? { ...d, description: changed.description } : d)));
    },
    onSettled: () => (signedIn ? client.invalidateQueries({ queryKey: connectedKeys.list }) : undefined),
  });
}
