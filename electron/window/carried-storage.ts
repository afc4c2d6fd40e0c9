import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CarriedForPage } from './storage-page';

export { carryStorageInPage, readStorage, type CarriedForPage, type StorageLike } from './storage-page';

/**
 * What the renderer keeps per origin (localStorage: the signed-out private-deployments list, the
 * Docker access form, the account chosen last) belongs to "the local server", not to one port. The
 * page's preload sends main a copy while it runs on the local server; when that server had to move
 * to another port (the old one taken), the copy is written into the new origin's storage before
 * the page's own scripts start, so nothing the person set is lost.
 */

/** Chromium allows about 5 MiB per origin; more than this is not the renderer's state. */
export const carriedStorageMaxChars = 2 * 1024 * 1024;

export const storageEntries = z
  .record(z.string().max(1000), z.string())
  .refine((entries) => Object.entries(entries).reduce((n, [k, v]) => n + k.length + v.length, 0) <= carriedStorageMaxChars, 'too large');
export type StorageEntries = z.infer<typeof storageEntries>;

const savedFile = z.object({ origin: z.string(), entries: storageEntries });

export interface StorageCarrier {
  /** the local server answers at `origin` now; `from` is the origin it had before, when it moved */
  arrivedAt(origin: string): { from?: string };
  /** the app went to another (remote) server: no copies are kept while it is there */
  left(): void;
  forPage(origin: string): CarriedForPage;
  keep(origin: string, entries: unknown): void;
}

/** The copy lives in userData (beside Chromium's own copy of the same data, equally plain). */
export function createStorageCarrier(file: string): StorageCarrier {
  let current: string | undefined;
  let pending: StorageEntries | undefined;
  const read = () => {
    try {
      return savedFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      return undefined;
    }
  };
  const write = (origin: string, entries: StorageEntries) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ origin, entries }), { mode: 0o600 });
    fs.renameSync(tmp, file);
  };
  return {
    arrivedAt(origin) {
      current = origin;
      const saved = read();
      if (!saved || saved.origin === origin) return {};
      pending = saved.entries;
      return { from: saved.origin };
    },
    left() {
      current = undefined;
      pending = undefined;
    },
    forPage(origin) {
      if (origin !== current) return { entries: null, keep: false };
      const entries = pending ?? null;
      if (pending) {
        // written once into the new origin, which holds it from now on
        write(origin, pending);
        pending = undefined;
      }
      return { entries, keep: true };
    },
    keep(origin, entries) {
      // a copy from anywhere but the local server's page, or before the carried state was written, is not kept
      if (origin !== current || pending) return;
      const parsed = storageEntries.safeParse(entries);
      if (parsed.success) write(origin, parsed.data);
    },
  };
}
