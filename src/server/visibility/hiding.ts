import { and, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { profiles } from "../db/tables/profiles.ts";

/** Which of a feature's items moderators hide or restore: some by key, or all a member wrote. */
export type HidingSelection<Key> = { keys: Key[] } | { authorUserId: string };

/**
 * Hides (or, `hidden` false, restores) the selected items not already so, as part of `tx`; answers
 * the keys of the items it changed.
 */
export type Hider<Key> = (
  tx: Db,
  selection: HidingSelection<Key>,
  hidden: boolean,
) => Promise<Key[]>;

/** A feature's hideable rows: its table, the key it answers with, how to find a member's rows. */
export type HideableRows<Key> = {
  table: PgTable & { hiddenAt: AnyPgColumn };
  key: AnyPgColumn;
  authorIs: (userId: string) => SQL;
  /** Tells every instance of each change (a cache to forget, sockets to tell), in the same `tx`. */
  announce?: (tx: Db, key: Key, hidden: boolean) => Promise<void>;
};

/** The profile of the account `userId`, for items that name their author by profile. */
export const profileIdOfAccount = (userId: string) =>
  sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`;

/**
 * The one write of hidden_at (decision 010), for the feature that owns `rows`: now, or null when
 * restored, only on rows not already so, so each change is announced once.
 */
export function hiderOf<Key>(rows: HideableRows<Key>): Hider<Key> {
  return async (tx, selection, hidden) => {
    const selected =
      "keys" in selection
        ? inArray(rows.key, selection.keys)
        : rows.authorIs(selection.authorUserId);
    const notYet = hidden ? isNull(rows.table.hiddenAt) : isNotNull(rows.table.hiddenAt);
    const changed = await tx
      .update(rows.table)
      // Every hideable table has hidden_at; Drizzle cannot see a column through the generic type.
      .set({ hiddenAt: hidden ? sql`now()` : null } as Record<string, unknown>)
      .where(and(selected, notYet))
      .returning({ key: rows.key });
    const keys = changed.map((row) => row.key as Key);
    if (rows.announce) for (const key of keys) await rows.announce(tx, key, hidden);
    return keys;
  };
}
