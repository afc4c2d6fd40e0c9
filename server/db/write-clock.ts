/**
 * Counts the changes made to a database that one process owns (PGlite: its data folder opens in one
 * process only), so that a read taken between two changes can be answered again until the next one.
 * A statement counts as a change unless it is a plain `select`; a transaction counts as one from
 * its begin to its end, whatever it runs. On PostgreSQL other instances change the same database
 * unseen: it has no clock and nothing is kept.
 */
export interface WriteClock {
  /** changes begun or ended so far: any step means what was read before may be stale */
  readonly generation: number;
  /** a change begins: call `end` (once) when the database has answered */
  begin(): () => void;
}

export function createWriteClock(): WriteClock {
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    begin() {
      generation++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        generation++;
      };
    },
  };
}

/** A plain `select` (drizzle writes them lower case; `with`, `insert`, `select … into`, DDL are changes). */
export function isPlainSelect(text: string): boolean {
  return /^\s*select\b/i.test(text) && !/\binto\b/i.test(text);
}
