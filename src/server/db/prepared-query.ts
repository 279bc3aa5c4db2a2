import type { Db } from "./database.ts";

/** Every prepared read of this process: per database handle, by name (decision 015). */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * The read named `name` on `db`, built and prepared by `prepare(name)` the first time it is asked
 * for and kept for as long as `db` lives: Drizzle building the same query again was about a fifth
 * of a request's CPU. `prepare` gets the name to give Drizzle's `.prepare()`; a read that must be
 * planned for its values each time passes "" there instead (an unnamed statement, built once).
 */
export function preparedQuery<P>(db: Db, name: string, prepare: (name: string) => P): P {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let query = byName.get(name) as P | undefined;
  if (query === undefined) {
    query = prepare(name);
    byName.set(name, query);
  }
  return query;
}
