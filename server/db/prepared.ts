import type { Db } from './client';

/**
 * A statement built once per database and variant, not per request: `prepare` names it, so
 * PostgreSQL plans it once per connection. A variant is a flag or a small object of them (told
 * apart by its JSON); the statement's name must tell the variants apart too.
 */
export function preparedPerDb<S, V = undefined>(prepare: (db: Db, variant: V) => S): (db: Db, ...variant: V extends undefined ? [] : [V]) => S {
  const built = new WeakMap<Db, Map<string, S>>();
  return (db, ...args) => {
    const variant = args[0] as V;
    let byVariant = built.get(db);
    if (!byVariant) built.set(db, (byVariant = new Map()));
    const key = typeof variant === 'object' ? JSON.stringify(variant) : String(variant);
    let statement = byVariant.get(key);
    if (!statement) byVariant.set(key, (statement = prepare(db, variant)));
    return statement;
  };
}
