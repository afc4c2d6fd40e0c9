/**
 * The app preload's half of carrying the renderer's stored state (see carried-storage.ts): no
 * Node modules here, it is bundled into the sandboxed preload.
 */
export type StorageEntries = Record<string, string>;

/** The two plain IPC messages (outside the invoke map: one is synchronous, one has no answer). */
export const storageChannels = { carried: 'storage:carried', snapshot: 'storage:snapshot' } as const;

/** The preload's question at start: what to write into the page's storage first, and whether to send copies. */
export interface CarriedForPage {
  entries: StorageEntries | null;
  keep: boolean;
}

/** The few members of the DOM Storage used here. */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  clear(): void;
}

export function readStorage(storage: StorageLike): StorageEntries {
  const entries: StorageEntries = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) entries[key] = storage.getItem(key) ?? '';
  }
  return entries;
}

export interface PageSide {
  /** ipcRenderer.sendSync('storage:carried'): answered before any page script runs */
  carried(): CarriedForPage;
  /** ipcRenderer.send('storage:snapshot', entries) */
  snapshot(entries: StorageEntries): void;
  storage: StorageLike;
  /** when to send a copy: page hidden or left, and every little while */
  onChance(send: () => void): void;
}

/**
 * The preload's part: first the carried state (the new origin's storage becomes the old one's),
 * then a copy to main whenever it changed. Runs in the preload, before the page's scripts.
 */
export function carryStorageInPage(page: PageSide): void {
  const answer = page.carried();
  if (answer.entries) {
    page.storage.clear();
    for (const [key, value] of Object.entries(answer.entries)) page.storage.setItem(key, value);
  }
  if (!answer.keep) return;
  let last = '';
  page.onChance(() => {
    const entries = readStorage(page.storage);
    const text = JSON.stringify(entries);
    if (text === last) return;
    last = text;
    page.snapshot(entries);
  });
}
