import type { WriteClock } from './write-clock';

/**
 * Answers a read again from memory while nothing has changed in the database since it was taken:
 * only for a database this process owns (PGlite), whose changes its write clock counts. A read is
 * kept with the generation it began in, and the clock moves when a change begins and again when it
 * ends: a read that overlapped a change is never answered after it, and the first change drops
 * everything kept.
 * Elsewhere (PostgreSQL, a transaction's handle) every call reads.
 */
const clocks = new WeakMap<object, WriteClock>();

/** Declares `db` owned by this process, its changes counted by `clock`. */
export function ownDatabase(db: object, clock: WriteClock): void {
  clocks.set(db, clock);
}

export interface KeptReads<T> {
  read(db: object, key: string, load: () => Promise<T>): Promise<T>;
}

/** Reads kept per database and key (at most `max` keys, the oldest dropped first). */
export function keptReads<T>(max: number): KeptReads<T> {
  const stores = new WeakMap<object, { generation: number; values: Map<string, T> }>();
  return {
    async read(db, key, load) {
      const clock = clocks.get(db);
      if (!clock) return load();
      let store = stores.get(db);
      if (!store || store.generation !== clock.generation) stores.set(db, (store = { generation: clock.generation, values: new Map() }));
      const kept = store.values.get(key);
      if (kept !== undefined) return kept;
      const value = await load();
      // kept with the generation it began in: answered again only while that generation lasts
      if (store.values.size >= max) store.values.delete(store.values.keys().next().value as string);
      store.values.set(key, value);
      return value;
    },
  };
}
