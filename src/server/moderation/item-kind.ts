import { and, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ReportTargetType } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";

/** One earlier message of a reported direct message's conversation, as moderators read it. */
export type ContextLine = { sender: string; text: string };

/** Something members report and moderators act on, with its author, as plain data. */
export type ItemRecord = {
  type: ReportTargetType;
  /** What reports and the log store: the id as text, a profile's uuid. */
  key: string;
  /** What the wire names it by: the id, a profile's username. */
  wireId: string;
  authorUserId: string;
  authorUsername: string;
  /** An ISO time, "indefinite", or null when the author is not suspended. */
  authorSuspendedUntil: string | null;
  title: string | null;
  text: string;
  path: string;
  createdAt: Date;
  hiddenAt: Date | null;
  /**
   * A private item (a direct message): the members besides its author who may read it — none while
   * it is withheld. Absent: everyone may.
   */
  privateTo?: string[];
  /** A direct message's earlier messages, oldest first (moderatedItemSchema `context`). */
  context?: ContextLine[];
};

/** Which rows of a kind's table: built by the kind, so callers never name its columns. */
export type ItemFilter =
  | { by: "keys"; keys: string[] }
  | { by: "hidden" }
  | { by: "author"; userId: string };

/**
 * One kind of item: how to read it with its author and where it lives, and how to hide or restore
 * rows of it. `load` answers most recently hidden first, then newest.
 */
export type ItemKind = {
  /** The key of the item the wire names `wireId`, or null when no item can have that name. */
  keyOf(db: Db, wireId: string): Promise<string | null>;
  load(db: Db, filter: ItemFilter, limit: number): Promise<ItemRecord[]>;
  /** Sets hidden_at (null: restores) on the rows not already so; answers their keys. */
  setHidden(tx: Db, filter: ItemFilter, hidden: boolean): Promise<string[]>;
};

/** Ids of posts, reviews and messages are bigint identities: digits, within JavaScript's range. */
export async function numericKeyOf(_db: Db, wireId: string): Promise<string | null> {
  return /^\d{1,15}$/.test(wireId) ? String(Number(wireId)) : null;
}

export const hiddenAtChange = (hidden: boolean) => (hidden ? sql`now()` : null);

/** Rows whose hidden state is not yet `hidden`. */
export const notYet = (column: AnyPgColumn, hidden: boolean) =>
  hidden ? isNull(column) : isNotNull(column);

/** A table of reportable rows: a bigint identity `id` and `hidden_at`. */
type HideableTable = PgTable & { id: AnyPgColumn; hiddenAt: AnyPgColumn };

/**
 * The row filter and `setHidden` of a kind whose items are rows of `table` (posts, reviews, chat and
 * direct messages): by key, hidden now, or written by a member (`authorIs`, the kind's own column).
 */
export function hideableRows(table: HideableTable, authorIs: (userId: string) => SQL) {
  const where = (filter: ItemFilter): SQL => {
    if (filter.by === "hidden") return isNotNull(table.hiddenAt);
    if (filter.by === "author") return authorIs(filter.userId);
    return inArray(table.id, filter.keys.map(Number));
  };
  const setHidden = async (tx: Db, filter: ItemFilter, hidden: boolean): Promise<string[]> => {
    const rows = await tx
      .update(table)
      // Every HideableTable has hidden_at; Drizzle cannot see a column through the generic type.
      .set({ hiddenAt: hiddenAtChange(hidden) } as Record<string, unknown>)
      .where(and(where(filter), notYet(table.hiddenAt, hidden)))
      .returning({ id: table.id });
    return rows.map((row) => String(row.id));
  };
  return { where, setHidden };
}
