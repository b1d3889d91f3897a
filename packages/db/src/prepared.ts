import type { Queryable } from './client.ts';

/**
 * A query built once per database handle (the app's, or a transaction's) and then only run: drizzle
 * builds a query's SQL each time it runs, walking its tables, columns and joins, and on the hottest
 * small reads (a session, a scope, one's own profile) that cost more CPU than Postgres answering.
 * `build` returns drizzle's `.prepare(name)` of a query whose values are `sql.placeholder`s.
 */
export function preparedPerHandle<Q>(build: (db: Queryable) => Q): (db: Queryable) => Q {
  const built = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
